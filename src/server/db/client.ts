// Opens the database: embedded PGlite on disk (default, DATA_DIR), PGlite in memory (tests), or
// PostgreSQL when DATABASE_URL is set. The same drizzle-kit migrations are applied at start.
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import * as schema from './schema'
import { consoleLogger } from '../http/logger'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

export interface OpenedDatabase {
  db: Db
  kind: 'pglite' | 'postgres'
  close(): Promise<void>
}

export interface OpenOptions {
  databaseUrl?: string
  dataDir?: string
  memory?: boolean
}

// Resolved from this file, so the server finds its migrations from any working directory.
const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

/** Any constant: every Silo instance takes the same advisory lock while it migrates. */
const MIGRATION_LOCK = 7_146_013_027

export async function openDatabase(opts: OpenOptions): Promise<OpenedDatabase> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl)
  if (opts.memory) return openPglite(undefined)
  return openPglite(opts.dataDir ?? './data')
}

async function openPglite(dataDir: string | undefined): Promise<OpenedDatabase> {
  if (dataDir) mkdirSync(dataDir, { recursive: true })
  try {
    return await startPglite(dataDir)
  } catch (err) {
    throw explain(err, dataDir)
  }
}

async function startPglite(dataDir: string | undefined): Promise<OpenedDatabase> {
  // Imported lazily: a PostgreSQL deployment never loads the WASM build.
  const { PGlite } = await import('@electric-sql/pglite')
  const { drizzle } = await import('drizzle-orm/pglite')
  const { migrate } = await import('drizzle-orm/pglite/migrator')
  const client = dataDir ? new PGlite(dataDir) : new PGlite()
  const db = drizzle({ client, schema, casing: 'snake_case' })
  try {
    await migrate(db, { migrationsFolder })
  } catch (err) {
    await client.close().catch(() => {})
    throw err
  }
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() }
}

/**
 * A server killed outright (power cut, kill -9) while PGlite was writing can leave a WAL that
 * PGlite 0.5 cannot replay: it then stops with a bare "Aborted()". Say what to do instead.
 */
function explain(err: unknown, dataDir: string | undefined): Error {
  // drizzle wraps the driver's error ("Failed query: …"): PGlite's abort is down the cause chain.
  const messages: string[] = []
  for (let e: unknown = err, depth = 0; e && depth < 5; e = e instanceof Error ? e.cause : undefined, depth++) messages.push(e instanceof Error ? e.message : String(e))
  const cause = messages.find((m) => /Aborted/.test(m))
  if (!dataDir || !cause) return err instanceof Error ? err : new Error(String(err))
  return new Error(
    `The embedded database in ${dataDir} cannot be opened (${cause}): the server was probably stopped abruptly while writing. ` +
      `Restore the last backup of that folder (see README, "Backups"), or move it aside to start from an empty database. ` +
      `For production, use PostgreSQL (DATABASE_URL).`,
    { cause: err },
  )
}

async function openPostgres(databaseUrl: string): Promise<OpenedDatabase> {
  const { default: pg } = await import('pg')
  const { drizzle } = await import('drizzle-orm/node-postgres')
  const { migrate } = await import('drizzle-orm/node-postgres/migrator')
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
    // A server killed mid-transaction leaves its PostgreSQL session "idle in transaction", holding
    // its locks (an idempotency key, say) until the database notices the dead client, which can
    // take hours. PostgreSQL ends such a session after 15 s, and no request waits more than 10 s
    // on a lock: it fails, and the client's retry finds the way free.
    options: '-c idle_in_transaction_session_timeout=15000 -c lock_timeout=10000',
  })
  // An idle connection can be cut by the server (restart, failover, a dropped database): pg
  // then emits 'error' on the pool, which would crash the process without a listener. The pool
  // replaces the connection on its own; the event is only worth a line in the log.
  pool.on('error', (err) => consoleLogger.warn('db.idle_connection_lost', { error: err.message }))
  const db = drizzle({ client: pool, schema, casing: 'snake_case' })
  try {
    // Several instances may start together: one migrates while the others wait on the lock,
    // then find nothing left to apply. Session-level lock, so it is held on one connection.
    const lockClient = await pool.connect()
    try {
      await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
      await migrate(drizzle({ client: lockClient, schema, casing: 'snake_case' }), { migrationsFolder })
    } finally {
      await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {})
      lockClient.release()
    }
  } catch (err) {
    await pool.end()
    throw err
  }
  return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() }
}
