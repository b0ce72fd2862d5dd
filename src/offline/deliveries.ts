// The last loaded delivery history, kept in Dexie per user and customer, so the Historique still
// shows without network even when the query cache was cleared (a new tab, a storage purge of
// localStorage). One row per loaded page (12 lines of a 3-month window; a whole window in copies
// from before the history was paged by count), replaced as a whole on each load.
import { db } from './db'

export interface SavedHistory<P> {
  pages: P[]
  /** When the newest of these pages came from the server (ms). */
  savedAt: number
}

const pageKey = (i: number) => String(i).padStart(4, '0')

export async function saveDeliveryPages<P>(
  owner: string,
  numTiers: string,
  pages: readonly P[],
  fetchedAt: number,
): Promise<void> {
  const savedAt = new Date(fetchedAt).toISOString()
  await db.transaction('rw', db.deliveries, async () => {
    await db.deliveries.where('[owner+numTiers]').equals([owner, numTiers]).delete()
    await db.deliveries.bulkPut(pages.map((delivery, i) => ({ owner, numTiers, key: pageKey(i), delivery, savedAt })))
  })
}

export async function loadDeliveryPages<P>(owner: string, numTiers: string): Promise<SavedHistory<P> | null> {
  const rows = await db.deliveries.where('[owner+numTiers]').equals([owner, numTiers]).sortBy('key')
  if (rows.length === 0) return null
  return { pages: rows.map((r) => r.delivery as P), savedAt: Date.parse(rows[0]?.savedAt ?? '') || 0 }
}
