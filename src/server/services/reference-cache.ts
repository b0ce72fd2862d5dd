// Reference data (GET /web/v1/referentiel and parametres-commande) held in memory: small tables
// read by every screen and changed a few times a year by staff. Seven queries become one.
//
// Several instances behind a load balancer must not serve what another one has just changed, so
// each read checks a version first: the row '*' of versions_hors_connexion (issue 50), which the
// statement triggers of migration 0008 move with any write to a table every snapshot reads —
// through Silo (parameters, banner), the ERP, the import (once, at its end) or plain SQL. Once it
// commits, every instance sees the new version on its next read and loads again: one indexed read
// instead of seven, and no stale answer after a write, on any instance. (It was the newest audit
// row until then: blind to the ERP, the import and SQL for up to the expiry, and moved by every
// sign-in.) A short expiry still bounds what the version cannot see: a restore that puts an older
// version back before a new write reuses its number.
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { VERSION_GLOBALE, versionsHorsConnexion } from '../db/schema'

const REFERENCE_TTL_MS = 30_000
/** Keys include the day and an article number: past this many, the copy starts again empty. */
const MAX_ENTRIES = 500

interface Entry {
  version: number
  loadedAt: number
  value: Promise<unknown>
}

// One cache per database (server tests run several databases in one process).
const caches = new WeakMap<Db, Map<string, Entry>>()

const currentVersion = async (db: Db): Promise<number> => {
  const [row] = await db
    .select({ v: versionsHorsConnexion.version })
    .from(versionsHorsConnexion)
    .where(eq(versionsHorsConnexion.numTiers, VERSION_GLOBALE))
  return Number(row?.v ?? 0)
}

/** The value under `key`, loaded again when a reference table changed since, or after 30 s.
 * `known`: the version '*' the caller read already (a snapshot's), so it is not read again. */
export async function cachedReference<T>(db: Db, key: string, load: () => PromiseLike<T>, known?: number): Promise<T> {
  let cache = caches.get(db)
  if (!cache) caches.set(db, (cache = new Map()))
  // The version is read before the data: a write committing in between only causes a reload.
  const version = known ?? (await currentVersion(db))
  const now = Date.now()
  const hit = cache.get(key)
  if (hit && hit.version === version && now - hit.loadedAt < REFERENCE_TTL_MS) return hit.value as Promise<T>
  if (cache.size >= MAX_ENTRIES) cache.clear()
  // A real promise, settled once: `load` may give a thenable (drizzle's query builders run their
  // query again at each `then`), and a builder kept here was a cache that asked PostgreSQL at
  // every hit (the catalogue of every snapshot, 20 a second in bench:api).
  const value = (async () => load())()
  const entry: Entry = { version, loadedAt: now, value }
  cache.set(key, entry)
  // A failed load is not kept: the next request tries again.
  value.catch(() => cache.get(key) === entry && cache.delete(key))
  return value
}
