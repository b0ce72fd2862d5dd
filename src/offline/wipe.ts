// Staff stop acting for a member (ARCHITECTURE.md, offline design): the cart, the recent
// deliveries, the persisted queries, the API cache go. Orders still waiting in the outbox are
// never dropped silently: they stay, and the caller tells the user. (Signing out seals instead:
// offline/seal.ts.)
import { API_CACHE } from '../contract/paths'
import { ownerAtStart, ownerStorage, QUERY_CACHE_KEY } from '../api/device-owner'
import { db } from './db'
import { dropOwnSnapshots } from './snapshot'

/** Erases the local data of the member acted for. Returns the number of unsent outbox items kept. */
export async function wipeLocalData(): Promise<{ keptUnsent: number }> {
  const keptUnsent = await db.transaction('rw', [db.cartLines, db.cartHeaders, db.deliveries, db.outbox], async () => {
    await Promise.all([db.cartLines.clear(), db.cartHeaders.clear(), db.deliveries.clear()])
    await db.outbox.where('status').anyOf('accepted', 'rejected').delete()
    return db.outbox.count()
  })
  // The database itself stays: it may hold other users' sealed work (offline/seal.ts).
  ownerStorage().removeItem(QUERY_CACHE_KEY)
  const owner = ownerAtStart()
  if (owner) await dropOwnSnapshots(owner)
  if ('caches' in globalThis) await caches.delete(API_CACHE).catch(() => false)
  return { keptUnsent }
}
