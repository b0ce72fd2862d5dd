// Whether this device holds Silo's IndexedDB database at all, without loading Dexie (30 KB): the
// sign-in page asks it first, and a first visit (no database) loads nothing more.

/** The database's name (db.ts opens it). */
export const DB_NAME = 'silo'

/** True when the database exists here; a browser without indexedDB.databases() is taken as
 * holding one (the caller then opens it and finds out). */
export async function deviceHoldsData(): Promise<boolean> {
  if (typeof indexedDB?.databases !== 'function') return true
  const dbs = await indexedDB.databases().catch(() => null)
  return dbs === null || dbs.some((d) => d.name === DB_NAME)
}
