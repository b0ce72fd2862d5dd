// Reference data (GET /web/v1/referentiel and parametres-commande) held in memory: small tables
// read by every screen and changed a few times a year by staff. Seven queries become one.
//
// Several instances behind a load balancer must not serve what another one has just changed, so
// each read checks a version first: the newest audit_log id. Every staff write (parameters, banner
// messages, orderable switches) writes its audit row in the same transaction, so once it commits
// every instance sees a higher id on its next read and loads again: one index-only query instead
// of seven, and no stale answer after a write, on any instance. (LISTEN/NOTIFY would save that one
// query but needs a dedicated listening connection per instance.)
// Other audited events (sign-ins, staff orders) also drop the copy: harmless, rare next to reads.
// A short expiry bounds what the version cannot see: rows changed outside the app (the
// cooperative's system), or two staff writes committing out of id order.
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { auditLog } from '../db/schema'

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
  const [row] = await db.select({ v: sql<number>`coalesce(max(${auditLog.id}), 0)` }).from(auditLog)
  return Number(row?.v ?? 0)
}

/** The value under `key`, loaded again when staff changed something since, or after 30 s. */
export async function cachedReference<T>(db: Db, key: string, load: () => Promise<T>): Promise<T> {
  let cache = caches.get(db)
  if (!cache) caches.set(db, (cache = new Map()))
  // The version is read before the data: a write committing in between only causes a reload.
  const version = await currentVersion(db)
  const now = Date.now()
  const hit = cache.get(key)
  if (hit && hit.version === version && now - hit.loadedAt < REFERENCE_TTL_MS) return hit.value as Promise<T>
  if (cache.size >= MAX_ENTRIES) cache.clear()
  const value = load()
  const entry: Entry = { version, loadedAt: now, value }
  cache.set(key, entry)
  // A failed load is not kept: the next request tries again.
  value.catch(() => cache.get(key) === entry && cache.delete(key))
  return value
}
