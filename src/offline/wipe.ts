// Erasing what a user left on a shared device at logout (ARCHITECTURE.md, offline design):
// the cart, the recent deliveries, the persisted queries, the API cache. Orders still waiting in
// the outbox are never dropped silently: they stay, and the caller tells the user.
import { API_CACHE } from '../api/contract/paths'
import { db } from './db'
import { DEVICE_KEYS } from './device-keys'

/**
 * Erases the local data. Returns the number of unsent outbox items it kept. When none is kept
 * the whole IndexedDB database goes, so nothing of the user remains in it.
 */
export async function wipeLocalData(): Promise<{ keptUnsent: number }> {
  const keptUnsent = await db.transaction('rw', [db.cartLines, db.cartHeaders, db.deliveries, db.outbox], async () => {
    await Promise.all([db.cartLines.clear(), db.cartHeaders.clear(), db.deliveries.clear()])
    await db.outbox.where('status').anyOf('accepted', 'rejected').delete()
    return db.outbox.count()
  })
  // Nothing to keep: the database itself goes; Dexie recreates it empty at its next use. Another
  // open tab can block the deletion: the rows are already erased, so do not wait for it forever.
  if (keptUnsent === 0) {
    await Promise.race([
      db.delete({ disableAutoOpen: false }).catch(() => undefined),
      new Promise((r) => setTimeout(r, 3000)),
    ])
  }
  try {
    // The device's own choices stay (device-keys.ts); the rest of localStorage was the user's.
    const kept = DEVICE_KEYS.map((k) => [k, window.localStorage.getItem(k)] as const)
    window.localStorage.clear()
    for (const [k, v] of kept) if (v !== null) window.localStorage.setItem(k, v)
  } catch {
    // Storage may be disabled (private mode): nothing was kept there then.
  }
  if ('caches' in globalThis) await caches.delete(API_CACHE).catch(() => false)
  return { keptUnsent }
}
