// Opens the database: PostgreSQL at DATABASE_URL, or the embedded PostgreSQL cluster Silo runs
// in DATA_DIR (embedded/cluster.ts). Both are reached the same way, with `pg` and the same pool
// settings; the same drizzle-kit migrations are applied at start.
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { NodePgQueryResultHKT } from 'drizzle-orm/node-postgres'
import type { PgDatabase } from 'drizzle-orm/pg-core'
import * as schema from './schema'
import { startCluster } from './embedded/cluster'
import { acquireLock } from './embedded/lock'
import { supervise } from './embedded/supervisor'
import { consoleLogger } from '../logger'

/** The database or a transaction on it (a transaction is a database for every query). */
export type Db = PgDatabase<NodePgQueryResultHKT, typeof schema>

export interface OpenedDatabase {
  db: Db
  kind: 'embedded' | 'postgres'
  close(): Promise<void>
}

export interface OpenOptions {
  databaseUrl?: string
  dataDir?: string
  /** Progress lines of the embedded cluster (creation, a leftover server stopped…). */
  log?: (msg: string) => void
  /** A folder of migrations other than Silo's (restore: migrate to a backup's level first). */
  migrationsFolder?: string
}

// Resolved from this file, so the server finds its migrations from any working directory.
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

const positive = (value: string | undefined, fallback: number) => {
  const n = Number(value)
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : fallback
}

/** Any constant: every Silo instance takes the same advisory lock while it migrates. */
const MIGRATION_LOCK = 7_146_013_027

export async function openDatabase(opts: OpenOptions): Promise<OpenedDatabase> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.migrationsFolder)
  return openEmbedded(opts.dataDir ?? './data', opts)
}

/**
 * Takes DATA_DIR's lock, starts its cluster, connects, and restarts the cluster whenever it dies
 * (embedded/supervisor.ts). close() stops watching, ends the pool, stops the cluster (fast
 * shutdown: sessions ended, checkpoint written) and releases the lock.
 */
async function openEmbedded(dataDir: string, opts: OpenOptions): Promise<OpenedDatabase> {
  mkdirSync(dataDir, { recursive: true })
  const release = acquireLock(dataDir)
  try {
    const cluster = await startCluster(dataDir, { log: opts.log })
    try {
      const opened = await openPostgres(cluster.url, opts.migrationsFolder)
      const unwatch = supervise(cluster, { log: opts.log ?? (() => {}) })
      return {
        db: opened.db,
        kind: 'embedded',
        async close() {
          try {
            await unwatch()
            await opened.close()
          } finally {
            try {
              await cluster.stop()
            } finally {
              release()
            }
          }
        },
      }
    } catch (err) {
      await cluster.stop().catch(() => {})
      throw err
    }
  } catch (err) {
    release()
    throw err
  }
}

async function openPostgres(databaseUrl: string, folder = migrationsFolder): Promise<OpenedDatabase> {
  const { default: pg } = await import('pg')
  const { drizzle } = await import('drizzle-orm/node-postgres')
  const { migrate } = await import('drizzle-orm/node-postgres/migrator')
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
    // A request waits this long for a free connection (or for a new one to open), then fails:
    // the route answers 503 "Le serveur est occupé" (http/database-errors.ts) instead of queueing
    // without end while its client gives up and tries another instance.
    connectionTimeoutMillis: positive(process.env.DATABASE_CONNECT_TIMEOUT_MS, 5000),
    // A server killed mid-transaction leaves its PostgreSQL session "idle in transaction", holding
    // its locks (an idempotency key, say) until the database notices the dead client, which can
    // take hours. PostgreSQL ends such a session after 15 s, and no request waits more than 10 s
    // on a lock: it fails, and the client's retry finds the way free.
    // No JIT: Silo's statements are short, and one planned on a wrong estimate (a table not yet
    // analyzed after an import) was JIT-compiled for 17–80 ms to read 48 rows (issue 50's orders).
    options: '-c idle_in_transaction_session_timeout=15000 -c lock_timeout=10000 -c jit=off',
  })
  // A connection can be cut by the server (restart, failover, pg_terminate_backend, a dropped
  // database, a full disk): pg emits 'error' on the pool for an idle connection, and on the client
  // itself for one checked out by a request; either would end the process without a listener.
  // The request sees its query fail (503), the pool drops the dead connection and opens another.
  pool.on('connect', (client) =>
    client.on('error', (err) => consoleLogger.warn('db.connection_lost', { error: err.message })),
  )
  // The pool's own 'error' repeats an idle client's, already logged just above.
  pool.on('error', () => {})
  const db = drizzle({ client: pool, schema, casing: 'snake_case' })
  try {
    // Several instances may start together: one migrates while the others wait on the lock,
    // then find nothing left to apply. Session-level lock, so it is held on one connection.
    const lockClient = await pool.connect()
    try {
      await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
      await migrate(drizzle({ client: lockClient, schema, casing: 'snake_case' }), { migrationsFolder: folder })
    } finally {
      await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {})
      lockClient.release()
    }
  } catch (err) {
    await pool.end()
    throw err
  }
  return { db, kind: 'postgres', close: () => pool.end() }
}
