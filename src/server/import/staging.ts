// Where the import stages its files (issue 49): a session of its own, beside the one that checks and
// merges, so that PostgreSQL copies the next files on one core while it merges the files before on
// the other. Its tables must then be seen by the other session: unlogged tables (no WAL, like temp
// ones) in a schema of their own, dropped when the import ends, and by the next import if this one
// was killed (the merge is rolled back then; only these copies of the files stay behind, out of
// Silo's schema). A role that may not create a schema stages in temporary tables of the merging
// session, one core for both: the same import, slower.
import pg from 'pg'
import { serialSession } from './session'

export const STAGING_SCHEMA = 'silo_import'

export interface Staging {
  /** The session that copies the files (serial: see session.ts). */
  session: pg.Client
  /** The table for the i-th file read, and how to create it. */
  table(i: number): string
  create: 'unlogged' | 'temp'
  close(): Promise<void>
}

/**
 * `merging`: the import's session (it holds the import's lock: no other import stages meanwhile).
 * `prepare` sets a session up as the import's (time zone, memory).
 */
export async function openStaging(
  databaseUrl: string,
  merging: pg.Client,
  prepare: (client: pg.Client) => Promise<void>,
  log: (line: string) => void,
): Promise<Staging> {
  const connection = new pg.Client({ connectionString: databaseUrl, application_name: 'silo-import' })
  connection.on('error', () => {})
  await connection.connect()
  try {
    await prepare(connection)
    await connection.query(`drop schema if exists ${STAGING_SCHEMA} cascade`)
    await connection.query(`create schema ${STAGING_SCHEMA}`)
  } catch (err) {
    await connection.end().catch(() => {})
    if ((err as { code?: string }).code !== '42501') throw err
    log(
      `pas de droit CREATE sur la base (schéma ${STAGING_SCHEMA}) : fichiers copiés dans des tables temporaires, plus lentement`,
    )
    return { session: merging, table: (i) => `stg_${i}`, create: 'temp', close: async () => {} }
  }
  return {
    session: serialSession(connection),
    table: (i) => `${STAGING_SCHEMA}.stg_${i}`,
    create: 'unlogged',
    // Once the merging session's transaction is over (it holds its reads' locks on these tables).
    close: async () => {
      await connection.query(`drop schema if exists ${STAGING_SCHEMA} cascade`).catch(() => {})
      await connection.end().catch(() => {})
    },
  }
}
