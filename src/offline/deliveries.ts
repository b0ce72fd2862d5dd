// The last loaded delivery history, kept in Dexie per user and customer, so the Historique still
// shows without network even when the query cache was cleared (a new tab, a storage purge of
// localStorage). One row per loaded page (12 lines of a 3-month window; a whole window in copies
// from before the history was paged by count), replaced as a whole on each load.
import * as v from 'valibot'
import { Livraisons } from '../contract/livraisons'
import { db } from './db'

export interface SavedHistory {
  pages: Livraisons[]
  /** When the newest of these pages came from the server (ms). */
  savedAt: number
}

const pageKey = (i: number) => String(i).padStart(4, '0')

export async function saveDeliveryPages(
  owner: string,
  numTiers: string,
  pages: readonly Livraisons[],
  fetchedAt: number,
): Promise<void> {
  const savedAt = new Date(fetchedAt).toISOString()
  await db.transaction('rw', db.deliveries, async () => {
    await db.deliveries.where('[owner+numTiers]').equals([owner, numTiers]).delete()
    await db.deliveries.bulkPut(pages.map((delivery, i) => ({ owner, numTiers, key: pageKey(i), delivery, savedAt })))
  })
}

/**
 * The saved pages, parsed, not trusted (a copy another version of Silo wrote may have another
 * shape; one from before paging has no `suite`, read as null): the pages up to the first that no
 * longer parses, since the ones after it would follow a page that is not there. Null when none.
 */
export async function loadDeliveryPages(owner: string, numTiers: string): Promise<SavedHistory | null> {
  const rows = await db.deliveries.where('[owner+numTiers]').equals([owner, numTiers]).sortBy('key')
  const pages: Livraisons[] = []
  for (const row of rows) {
    const parsed = v.safeParse(Livraisons, row.delivery)
    if (!parsed.success) {
      console.error(
        `Historique gardé illisible (${owner}/${numTiers}, page ${row.key}) : ${v.summarize(parsed.issues)}`,
      )
      break
    }
    pages.push(parsed.output)
  }
  if (pages.length === 0) return null
  return { pages, savedAt: Date.parse(rows[0]?.savedAt ?? '') || 0 }
}
