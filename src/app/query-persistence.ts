// The query cache kept on the device: restored once before the app renders, then saved once a
// second at most after a change, and when the page is hidden (a phone put in a pocket: the copy
// is made and written then, synchronously: app/query-client's persistClient, not the library's,
// which waits a task the page may not have).
// Not TanStack's own subscription (persistQueryClientSubscribe): it copies the whole cache
// (dehydrate) on every cache event and only then hands the copy to the persister's throttle. The
// preparation for no signal adds some three hundred queries, three events each: as many copies of
// a growing cache, measured 55–130 ms per task on an unthrottled CPU (issue 29). Here one copy per
// save, made when the save is due, and of the part that changed: the per-article reads
// (api/article-reads) are a copy of their own, in IndexedDB, restored after the first screen
// (offline/article-copy); the first screen's copy in localStorage holds the rest.
import { hydrate } from '@tanstack/react-query'
import {
  persistQueryClientRestore,
  persistQueryClientSave,
  type PersistQueryClientOptions,
  type Persister,
} from '@tanstack/react-query-persist-client'
import type { DehydratedState, Query, QueryClient, QueryKey } from '@tanstack/react-query'
import { isArticleRead, restoringArticleCopy } from '../api/article-reads'
import { warmDb } from '../offline/db-warm'

/** A change is saved within this long (as the sync persister's own throttle did). */
const SAVE_AFTER_MS = 1000
const CACHE_EVENTS = new Set(['added', 'removed', 'updated'])

/** The copies that changed since their last save. */
const changedCopies = { first: false, articles: false }
/** Saves the per-article copy, once it is restored (before, a save would overwrite it). */
let saveArticles: (() => void) | null = null
/** The per-article reads are safe in their own copy. Until then (not restored yet, or a device
 * whose single copy from an older Silo held them, not yet written apart) the first screen's copy
 * keeps those it has: a save of it never drops reads that are nowhere else on the device. */
let articlesApart = false
/** The first screen's copy, as restored, held per-article reads (an older Silo's single copy). */
let firstCopyHeldArticles = false

/** What the first screen's copy leaves out (app/query-client's dehydrateOptions). */
export const keptApart = (key: QueryKey): boolean => articlesApart && isArticleRead(key)

const hasArticleReads = (queryClient: QueryClient, newerThan = -1) =>
  queryClient
    .getQueryCache()
    .getAll()
    .some((q: Query) => isArticleRead(q.queryKey) && q.state.data !== undefined && q.state.dataUpdatedAt > newerThan)

/** The per-article reads are in their copy now: the first screen's copy is written again without
 * them if it held some, else it is left as it is. */
function articlesNowApart() {
  if (articlesApart) return
  articlesApart = true
  if (!firstCopyHeldArticles) return
  changedCopies.first = true
  scheduleSave()
}
let scheduleSave = () => {}

function saveChanges(options: PersistQueryClientOptions): void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const save = () => {
    clearTimeout(timer)
    timer = undefined
    if (changedCopies.first) void persistQueryClientSave(options)
    changedCopies.first = false
    if (changedCopies.articles && saveArticles) {
      saveArticles()
      changedCopies.articles = false
    }
  }
  scheduleSave = () => {
    if (timer === undefined) timer = setTimeout(save, SAVE_AFTER_MS)
  }
  options.queryClient.getQueryCache().subscribe(({ type, query }) => {
    if (!CACHE_EVENTS.has(type)) return
    changedCopies[isArticleRead(query.queryKey) ? 'articles' : 'first'] = true
    scheduleSave()
  })
  options.queryClient.getMutationCache().subscribe(({ type }) => {
    if (!CACHE_EVENTS.has(type)) return
    changedCopies.first = true
    scheduleSave()
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
export function restoreAndPersist(
  options: PersistQueryClientOptions,
  serverRendered?: DehydratedState,
  /** The page is the service worker's kept copy (sw/kept-history.ts): the copy's answers to the
   * queries it was rendered with are kept aside for restoreLeftOut. */
  kept = false,
): Promise<void> {
  const rendered = new Set(serverRendered?.queries.map((q) => q.queryHash))
  const { maxAge = 24 * 60 * 60 * 1000, buster = '' } = options
  const persister: Persister =
    rendered.size === 0
      ? options.persister
      : {
          ...options.persister,
          restoreClient: async () => {
            const copy = await options.persister.restoreClient()
            if (!copy) return copy
            const queries = copy.clientState.queries.filter((q) => !rendered.has(q.queryHash))
            // Only from a copy the restore itself would take (same version, not expired).
            if (kept && copy.buster === buster && Date.now() - copy.timestamp <= maxAge)
              leftOut = copy.clientState.queries.filter((q) => rendered.has(q.queryHash))
            return { ...copy, clientState: { ...copy.clientState, queries } }
          },
        }
  return persistQueryClientRestore({ ...options, persister })
    .catch(() => undefined) // an unreadable copy is dropped by the restore itself: start without it
    .then(() => {
      firstCopyHeldArticles = hasArticleReads(options.queryClient)
      saveChanges(options)
    })
}

/** The device's answers to the queries a kept page was rendered with (see restoreAndPersist). */
let leftOut: DehydratedState['queries'] = []

/**
 * Once the service worker's kept page is hydrated (issue 50): the device's own answers to its
 * queries, where they are newer (hydrate keeps the newer by dataUpdatedAt). That page is the
 * server's render of the last time the worker could fetch it; the device may have read more since
 * (the history's next pages, a refresh), and the offline start must not show less than it saw.
 */
export function restoreLeftOut(queryClient: QueryClient): void {
  const queries = leftOut
  leftOut = []
  if (queries.length > 0) hydrate(queryClient, { mutations: [], queries })
}

/**
 * Once the first screen is shown: the per-article reads' copy comes back (Dexie evaluated first,
 * in tasks of its own), then is saved as it changes. What the start itself fetched or restored
 * from an older Silo's single copy is saved at once; the restore's own events are not changes.
 */
export function restoreArticleCopyLater(options: PersistQueryClientOptions): void {
  const { queryClient, maxAge = 0, buster = '' } = options
  restoringArticleCopy(
    warmDb()
      .then(() => import('../offline/article-copy'))
      .then(async (copy) => {
        const savedAt = await copy.restoreArticleCopy(queryClient, { maxAge, buster }).catch(() => 0)
        saveArticles = () => void copy.saveArticleCopy(queryClient, buster).then((saved) => saved && articlesNowApart())
        changedCopies.articles = hasArticleReads(queryClient, savedAt)
        if (changedCopies.articles) scheduleSave()
        else articlesNowApart()
      }),
  )
}
