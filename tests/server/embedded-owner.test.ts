// Who owns the embedded cluster (src/server/db/embedded/run-as.ts): run as root, Silo runs
// PostgreSQL as its own `silo` system user, not as the `postgres` of a PostgreSQL the host may
// run; DATA_DIR is 0700, its lock and credentials 0600; a cluster an older Silo made as
// `postgres` is taken over; a DATA_DIR the `silo` user cannot reach is refused with a clear
// message. Without root there is no other user: these tests need root.
import { spawnSync } from 'node:child_process'
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { findBinaries } from '../../src/server/db/embedded/binaries'
import { clusterDir, startCluster } from '../../src/server/db/embedded/cluster'
import { acquireLock } from '../../src/server/db/embedded/lock'

const uidOf = (name: string) => Number(spawnSync('id', ['-u', name], { encoding: 'utf8' }).stdout)
const processUid = (pid: number) => Number(/^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1])
const postmaster = (dataDir: string) =>
  Number(readFileSync(join(clusterDir(dataDir), 'postmaster.pid'), 'utf8').split('\n')[0])
const mode = (path: string) => statSync(path).mode & 0o777

describe.skipIf(process.getuid?.() !== 0)('the embedded cluster run as root', () => {
  const dir = mkdtempSync(join(tmpdir(), 'silo-owner-'))
  chmodSync(dir, 0o711)
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('runs as the silo system user, in a DATA_DIR of mode 0700, its lock and credentials 0600', async () => {
    const data = join(dir, 'fresh')
    mkdirSync(data)
    const release = acquireLock(data)
    const cluster = await startCluster(data)
    try {
      const silo = uidOf('silo')
      expect(silo).toBeGreaterThan(0)
      expect(readFileSync('/etc/passwd', 'utf8')).toMatch(/^silo:x:\d+:\d+:[^:]*:[^:]*:\/usr\/sbin\/nologin$/m)
      expect(processUid(postmaster(data))).toBe(silo)
      expect(statSync(data).uid).toBe(silo)
      expect(statSync(clusterDir(data)).uid).toBe(silo)
      expect(mode(data)).toBe(0o700)
      expect(mode(join(data, 'silo.lock'))).toBe(0o600)
      expect(mode(join(data, 'postgres.json'))).toBe(0o600)
    } finally {
      await cluster.stop()
      release()
    }
  })

  it('takes over a cluster an older Silo made and left running as the postgres user, rows and all', async () => {
    const data = join(dir, 'older')
    mkdirSync(data)
    const release = acquireLock(data)
    try {
      let cluster = await startCluster(data)
      const client = new pg.Client({ connectionString: cluster.url })
      await client.connect()
      await client.query('create table kept (n int); insert into kept values (42)')
      await client.end()
      await cluster.stop()
      // As Silo up to this version left it after a kill -9: DATA_DIR root's and crossable, the
      // cluster and its socket folder owned by `postgres`, and running as that user.
      chownSync(data, 0, 0)
      chmodSync(data, 0o711)
      expect(spawnSync('chown', ['-R', 'postgres:postgres', clusterDir(data), join(data, 'run')]).status).toBe(0)
      const { pgCtl } = await findBinaries()
      const asPostgres = { uid: uidOf('postgres'), gid: Number(spawnSync('id', ['-g', 'postgres']).stdout) }
      const args = ['start', '-D', clusterDir(data), '-l', join(clusterDir(data), 'server.log'), '-w', '-s']
      expect(spawnSync(pgCtl, args, { ...asPostgres, env: { ...process.env, LC_ALL: 'C' } }).status).toBe(0)
      expect(processUid(postmaster(data))).toBe(asPostgres.uid)
      const logs: string[] = []
      cluster = await startCluster(data, { log: (m) => logs.push(m) })
      try {
        expect(logs).toContain('stopping the PostgreSQL left running by a previous Silo')
        expect(logs.join('\n')).toMatch(/giving .* \(owned by user \d+\) to the silo user/)
        expect(mode(data)).toBe(0o700)
        expect(processUid(postmaster(data))).toBe(uidOf('silo'))
        const again = new pg.Client({ connectionString: cluster.url })
        await again.connect()
        try {
          expect((await again.query('select n from kept')).rows).toEqual([{ n: 42 }])
        } finally {
          await again.end()
        }
      } finally {
        await cluster.stop()
      }
    } finally {
      release()
    }
  }, 60_000)

  it('says so when DATA_DIR lies under a folder the silo user cannot cross', async () => {
    const closed = join(dir, 'closed')
    mkdirSync(closed, { mode: 0o700 })
    chmodSync(closed, 0o700)
    const data = join(closed, 'data')
    mkdirSync(data)
    await expect(startCluster(data)).rejects.toThrow(
      /runs as the silo system user .* cannot reach .*every folder above DATA_DIR must be crossable/,
    )
  })
})
