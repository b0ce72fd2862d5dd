// Staff stop acting for a member (ARCHITECTURE.md, offline design): the cart, the recent
// deliveries, the persisted queries, the API cache, the kept history page go. Orders still waiting in the outbox are
// never dropped silently: they stay, and the caller tells the user; so do refused orders kept for
// export. (Signing out seals instead:
// offline/seal.ts.)
import { API_CACHE, KEPT_HISTORY_CACHE } from '../contract/paths'
import { ownerAtStart, ownerStorage, QUERY_CACHE_KEY } from '../api/device-owner'
import { db } from './db'
import { keptForExport } from './kept-refusals'
import { dropOwnSnapshots } from './snapshot'

/** Erases the local data of the member acted for. Returns the number of unsent outbox items kept. */
export async function wipeLocalData(): Promise<{ keptUnsent: number }> {
  const keptUnsent = await db.transaction('rw', [db.cartLines, db.cartHeaders, db.deliveries, db.outbox], async () => {
    await Promise.all([db.cartLines.clear(), db.cartHeaders.clear(), db.deliveries.clear()])
    // A refusal kept for export (kept-refusals.ts) stays until the adviser removes it.
    await db.outbox
      .where('status')
      .anyOf('accepted', 'rejected')
      .filter((r) => !keptForExport(r))
      .delete()
    return db.outbox.filter((r) => !keptForExport(r)).count()
  })
  // The database itself stays: it may hold other users' sealed work (offline/seal.ts).
  ownerStorage().removeItem(QUERY_CACHE_KEY)
  const owner = ownerAtStart()
  if (owner) await dropOwnSnapshots(owner)
  if ('caches' in globalThis)
    await Promise.all([caches.delete(API_CACHE), caches.delete(KEPT_HISTORY_CACHE)]).catch(() => undefined)
  return { keptUnsent }
}
