// PostgreSQL's binaries as Silo runs them: as the dedicated `silo` system user when Silo is root
// (PostgreSQL refuses to run as root; a user of its own, not the `postgres` of a PostgreSQL the
// host may run, whose superusers could then read this cluster's files), with the C locale, and
// the folders and files they use owned by that user.
import { execFile, spawnSync } from 'node:child_process'
import { chmodSync, chownSync, existsSync, mkdirSync, statSync } from 'node:fs'

export interface RunAs {
  uid: number
  gid: number
}

/** The system user the embedded cluster runs as when Silo runs as root. */
export const SYSTEM_USER = 'silo'

/**
 * PostgreSQL refuses to run as root: then it runs as the `silo` system user (created, without a
 * home or a login shell, if the machine has none).
 */
export function runAs(): RunAs | null {
  if (process.getuid?.() !== 0) return null
  const id = (flag: string) => spawnSync('id', [flag, SYSTEM_USER], { encoding: 'utf8' })
  if (id('-u').status !== 0) {
    const made = spawnSync(
      'useradd',
      [
        '--system',
        '--user-group',
        '--no-create-home',
        '--home-dir',
        '/nonexistent',
        '--shell',
        '/usr/sbin/nologin',
        '--comment',
        'Silo embedded PostgreSQL',
        SYSTEM_USER,
      ],
      { encoding: 'utf8' },
    )
    if (made.status !== 0 && id('-u').status !== 0)
      throw new Error(
        `PostgreSQL cannot run as root and the ${SYSTEM_USER} system user could not be created: ${made.stderr}`,
      )
  }
  return { uid: Number(id('-u').stdout), gid: Number(id('-g').stdout) }
}

const env = () => ({ ...process.env, LC_ALL: 'C', LANG: 'C' })

export function run(bin: string, args: string[], as: RunAs | null) {
  const r = spawnSync(bin, args, { encoding: 'utf8', env: env(), ...(as ?? {}) })
  if (r.error) throw r.error
  return { ok: r.status === 0, output: `${r.stdout ?? ''}${r.stderr ?? ''}`.trim() }
}

/** run() without blocking the event loop (a restart while Silo serves requests). */
export function runAsync(bin: string, args: string[], as: RunAs | null): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve, reject) => {
    execFile(bin, args, { encoding: 'utf8', env: env(), ...(as ?? {}) }, (err, stdout, stderr) => {
      const output = `${stdout ?? ''}${stderr ?? ''}`.trim()
      if (err && typeof err.code === 'string') reject(err)
      else resolve({ ok: !err, output })
    })
  })
}

export function own(path: string, as: RunAs | null, mode: number) {
  if (as) chownSync(path, as.uid, as.gid)
  chmodSync(path, mode)
}

/** A folder PostgreSQL (maybe another user) can reach; the parent must be traversable. */
export function prepareDir(path: string, as: RunAs | null) {
  mkdirSync(path, { recursive: true })
  own(path, as, 0o700)
}

/** DATA_DIR: 0700, owned by the user PostgreSQL runs as, which must be able to cross its parents. */
export function prepareDataDir(dataDir: string, as: RunAs | null) {
  prepareDir(dataDir, as)
  if (as && !run('test', ['-x', dataDir], as).ok) {
    throw new Error(
      `PostgreSQL runs as the ${SYSTEM_USER} system user (PostgreSQL refuses root) and cannot reach ${dataDir}: ` +
        'every folder above DATA_DIR must be crossable by other users (chmod o+x), or choose a DATA_DIR outside such folders.',
    )
  }
}

/** The owner of path when it is not `as` (a cluster made by an older Silo, as `postgres`). */
export function otherOwner(path: string, as: RunAs | null): RunAs | null {
  if (!as || !existsSync(path)) return null
  const { uid, gid } = statSync(path)
  return uid === as.uid ? null : { uid, gid }
}

/** Gives path and everything under it to `as`. */
export function takeOver(path: string, as: RunAs) {
  const r = spawnSync('chown', ['-R', `${as.uid}:${as.gid}`, path], { encoding: 'utf8' })
  if (r.status !== 0) throw new Error(`Could not give ${path} to the ${SYSTEM_USER} user: ${r.stderr}`)
}
