// The query cache kept on the device: restored once before the app renders, then saved once a
// second at most after a change, and when the page is hidden (a phone put in a pocket: the copy
// is made and written then, synchronously: app/query-client's persistClient, not the library's,
// which waits a task the page may not have).
// Not TanStack's own subscription (persistQueryClientSubscribe): it copies the whole cache
// (dehydrate) on every cache event and only then hands the copy to the persister's throttle. Here
// one copy per save, made when the save is due. The per-article reads (api/article-reads) are not
// kept at all since issue 50: they are answered from the member's snapshot for no signal, which is
// the device's copy of them (offline/snapshot, in IndexedDB: 13 MB of per-article answers before
// for the largest member).
import {
  persistQueryClientRestore,
  persistQueryClientSave,
  type PersistQueryClientOptions,
  type Persister,
} from '@tanstack/react-query-persist-client'
import type { DehydratedState, QueryKey } from '@tanstack/react-query'
import { isArticleRead } from '../api/article-reads'

/** A change is saved within this long (as the sync persister's own throttle did). */
const SAVE_AFTER_MS = 1000
const CACHE_EVENTS = new Set(['added', 'removed', 'updated'])

/** What the device's copy leaves out (app/query-client's dehydrateOptions): the per-article reads,
 * and the articles' list, which the member's snapshot holds too (its queryFn falls back on it
 * without network: api/articles). Twice on the device, the largest member's list alone took 900 KB
 * of localStorage beside the snapshot (issue 50, `bench:preparation`). */
export const keptApart = (key: QueryKey): boolean => isArticleRead(key) || key[0] === 'articles'

function saveChanges(options: PersistQueryClientOptions): void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const save = () => {
    clearTimeout(timer)
    timer = undefined
    void persistQueryClientSave(options)
  }
  const scheduleSave = () => {
    if (timer === undefined) timer = setTimeout(save, SAVE_AFTER_MS)
  }
  options.queryClient.getQueryCache().subscribe(({ type, query }) => {
    if (CACHE_EVENTS.has(type) && !keptApart(query.queryKey)) scheduleSave()
  })
  options.queryClient.getMutationCache().subscribe(({ type }) => {
    if (CACHE_EVENTS.has(type)) scheduleSave()
  })
  const saveNow = () => timer !== undefined && save()
  addEventListener('pagehide', saveNow)
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && saveNow())
}

/**
 * Restores the device's copy, then saves changes. The queries the server rendered this page with
 * (`serverRendered`, app/first-screen) are left out of the restore: they are what the server's own
 * rows said a moment ago, and the device's older copy must never go over them. The library keeps
 * the newer of the two by their `dataUpdatedAt`, but the server's is stamped by the server's clock
 * and the copy's by the device's: a phone whose clock runs a few minutes ahead had its copy win,
 * and a delivery the ERP had just posted was gone again from the Historique (issue 49 item 8).
 */
export function restoreAndPersist(options: PersistQueryClientOptions, serverRendered?: DehydratedState): Promise<void> {
  const rendered = new Set(serverRendered?.queries.map((q) => q.queryHash))
  const persister: Persister =
    rendered.size === 0
      ? options.persister
      : {
          ...options.persister,
          restoreClient: async () => {
            const copy = await options.persister.restoreClient()
            if (!copy) return copy
            const queries = copy.clientState.queries.filter((q) => !rendered.has(q.queryHash))
            return { ...copy, clientState: { ...copy.clientState, queries } }
          },
        }
  return persistQueryClientRestore({ ...options, persister })
    .catch(() => undefined) // an unreadable copy is dropped by the restore itself: start without it
    .then(() => saveChanges(options))
}
