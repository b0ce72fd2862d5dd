// Other people's copies on this device (issue 25, item 1), dropped after the first screen (loaded
// with offline/seal): every persisted query cache but the owner's, the service worker's kept
// history page (issue 50) but the owner's, and, once the service worker's
// API cache has been emptied for a new person (api/device-owner, before the first request), the
// expiration records that still name the URLs it held (and so a customer's number).
import { API_CACHE, KEPT_HISTORY_CACHE, keptHistoryKey } from '../contract/paths'
import { QUERY_CACHE_KEY } from './device-owner'

/** Drops the copies of every owner but `keep` (null: nobody signed in, everyone's go). */
export async function dropOthersCopies(keep: string | null): Promise<void> {
  try {
    for (const key of Object.keys(localStorage))
      // The owner's keys end with their tag: the query cache's and the adviser's round (api/round).
      if (key.startsWith(QUERY_CACHE_KEY) && (keep === null || !key.endsWith(`:${keep}`))) localStorage.removeItem(key)
  } catch {
    // storage disabled (private mode): nothing was kept there
  }
  if (!('caches' in globalThis)) return
  await dropKeptHistory(keep)
  if (keep === null) await caches.delete(API_CACHE).catch(() => false)
  const cached = new Set((await (await caches.open(API_CACHE)).keys()).map((r) => r.url))
  await pruneRecords((url) => !cached.has(url))
}

/** The service worker's kept history page (sw/kept-history.ts) of anyone but `keep` (null: all). */
async function dropKeptHistory(keep: string | null): Promise<void> {
  try {
    if (keep === null || !(await caches.has(KEPT_HISTORY_CACHE))) {
      if (keep === null) await caches.delete(KEPT_HISTORY_CACHE)
      return
    }
    const cache = await caches.open(KEPT_HISTORY_CACHE)
    const mine = keptHistoryKey(keep)
    for (const request of await cache.keys()) if (new URL(request.url).pathname !== mine) await cache.delete(request)
  } catch {
    // Cache Storage refused: the worker serves a copy to its owner only, whatever is left
  }
}

/** Opens the service worker's expiration database, never creating it if the worker has not. */
function openRecords(): Promise<IDBDatabase | null> {
  return new Promise((resolve) => {
    if (!globalThis.indexedDB) return resolve(null)
    const open = indexedDB.open('workbox-expiration')
    open.onupgradeneeded = () => open.transaction?.abort()
    open.onerror = () => resolve(null)
    open.onsuccess = () => resolve(open.result)
  })
}

const STORE = 'cache-entries'

/** Deletes the API cache's expiration records whose URL `orphan` says is no longer cached. */
async function pruneRecords(orphan: (url: string) => boolean): Promise<void> {
  const idb = await openRecords()
  if (!idb) return
  try {
    if (!idb.objectStoreNames.contains(STORE)) return
    const records = await new Promise<{ id: string; url: string; cacheName: string }[]>((resolve, reject) => {
      const req = idb.transaction(STORE).objectStore(STORE).getAll()
      req.onsuccess = () => resolve(req.result as { id: string; url: string; cacheName: string }[])
      req.onerror = () => reject(req.error)
    })
    const gone = records.filter((r) => r.cacheName === API_CACHE && orphan(r.url))
    if (gone.length === 0) return
    await new Promise<void>((resolve) => {
      const tx = idb.transaction(STORE, 'readwrite')
      for (const r of gone) tx.objectStore(STORE).delete(r.id)
      tx.oncomplete = tx.onerror = tx.onabort = () => resolve()
    })
  } catch {
    // the worker's records stay; they expire with their entries
  } finally {
    idb.close()
  }
}
