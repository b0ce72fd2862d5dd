// `npm run restore` and a backup that is cut short or altered (src/server/db/backup-format.ts):
// refused with a message in French (no stack), exit code 1, no PostgreSQL left running on the
// DATA_DIR, the database as it was. A backup of the first format (version 1, no checksum) still
// restores; a restore refused after the command started PostgreSQL stops it.
import { spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeBackup } from '../../src/server/db/backup'
import { openDatabase } from '../../src/server/db/client'
import { clusterDir, clusterUrl } from '../../src/server/db/embedded/cluster'
import { seedDemo } from '../../src/server/seed/index'
import { TEST_TODAY } from './support/databases'
import { dumpDatabase } from './support/dump'

/** `npm run restore -- file` on dataDir's embedded database. */
function restore(file: string, dataDir: string) {
  const r = spawnSync('node_modules/.bin/tsx', ['src/server/cli/restore.ts', file], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
    timeout: 120_000,
  })
  return { code: r.status, stdout: r.stdout, stderr: r.stderr }
}

/** Processes whose command line names dataDir's cluster (a postmaster left running). */
function postgresOn(dataDir: string): number[] {
  const dir = resolve(clusterDir(dataDir))
  return readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .filter((p) => {
      try {
        return readFileSync(`/proc/${p}/cmdline`, 'utf8').includes(dir)
      } catch {
        return false
      }
    })
    .map(Number)
}

async function dumpOf(dataDir: string) {
  const opened = await openDatabase({ dataDir })
  try {
    return await dumpDatabase(opened.db)
  } finally {
    await opened.close()
  }
}

describe('npm run restore and a damaged backup', () => {
  const dir = mkdtempSync(join(tmpdir(), 'silo-restore-'))
  // Run as root, PostgreSQL runs as the silo user, which must cross this folder.
  chmodSync(dir, 0o711)
  const source = join(dir, 'source')
  const target = join(dir, 'target')
  const file = join(dir, 'backup.jsonl.gz')
  let lines: string[]
  let before: Record<string, string[]>
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  beforeAll(async () => {
    const opened = await openDatabase({ dataDir: source })
    try {
      await seedDemo(opened.db, { today: TEST_TODAY })
      const client = new pg.Client({ connectionString: clusterUrl(source) })
      await client.connect()
      try {
        await writeBackup(client, file)
      } finally {
        await client.end()
      }
    } finally {
      await opened.close()
    }
    lines = gunzipSync(readFileSync(file)).toString('utf8').trimEnd().split('\n')
    // The target: a migrated, empty database, into which the intact backup would restore.
    before = await dumpOf(target)
  }, 120_000)

  const damaged: [string, () => Buffer, RegExp][] = [
    ['cut short', () => readFileSync(file).subarray(0, Math.floor(readFileSync(file).length / 2)), /illisible, coupée/],
    [
      'with a byte flipped',
      () => {
        const bytes = Buffer.from(readFileSync(file))
        bytes[Math.floor(bytes.length / 2)]! ^= 0xff
        return bytes
      },
      /altérée/,
    ],
    [
      'with a row changed and compressed again',
      () => gzipSync(`${lines.map((l) => l.replace('"100001"', '"100009"')).join('\n')}\n`),
      /a été modifiée \(sa somme de contrôle SHA-256 ne correspond plus\)/,
    ],
    ['without its last line', () => gzipSync(`${lines.slice(0, -1).join('\n')}\n`), /incomplète \(sa fin manque\)/],
  ]

  for (const [what, make, message] of damaged) {
    it(`refuses a backup ${what}, in French, leaving nothing running and the database as it was`, async () => {
      const bad = join(dir, 'bad.jsonl.gz')
      writeFileSync(bad, make())
      const r = restore(bad, target)
      expect(r.code).toBe(1)
      expect(r.stderr).toMatch(/^Restauration refusée : La sauvegarde /)
      expect(r.stderr).toMatch(message)
      expect(r.stderr).not.toMatch(/\n\s+at /) // no stack
      expect(postgresOn(target)).toEqual([])
      expect(existsSync(join(clusterDir(target), 'postmaster.pid'))).toBe(false)
      expect(existsSync(join(target, 'silo.lock'))).toBe(false)
      expect(await dumpOf(target)).toEqual(before)
    }, 60_000)
  }

  it('refuses a database that holds rows, after starting its PostgreSQL, and stops it', async () => {
    const r = restore(file, source)
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/^Restauration refusée : La base de destination contient déjà des lignes/)
    expect(r.stderr).not.toMatch(/\n\s+at /)
    expect(postgresOn(source)).toEqual([])
    expect(existsSync(join(source, 'silo.lock'))).toBe(false)
  }, 60_000)

  it('still restores a backup of the first format (version 1, without a checksum)', async () => {
    const v1 = join(dir, 'v1.jsonl.gz')
    const header = { ...JSON.parse(lines[0]!), version: 1 }
    writeFileSync(v1, gzipSync(`${[JSON.stringify(header), ...lines.slice(1, -1)].join('\n')}\n`))
    const fresh = join(dir, 'fresh')
    const r = restore(v1, fresh)
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/Restauration terminée/)
    expect(await dumpOf(fresh)).toEqual(await dumpOf(source))
  }, 120_000)
})
