import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query'
import { nextDeliveryPage } from '../domain/history-paging'
import { ERP_FRESH_MS } from './erp-freshness'
import { request } from './http-client'
import {
  Livraisons,
  LIVRAISONS_LIMITE_MAX,
  livraisonsPageQuery,
  livraisonsPath,
  type Livraisons as LivraisonsPageData,
  type LivraisonsPage,
} from '../contract/livraisons'

/** A page of the delivery history (LIVRAISONS_PAGE lines); no start: the newest lines of the
 * window ending today, the page the server announces with the first screen. */
const fetchLivraisons = (numTiers: string, page: LivraisonsPage = {}) =>
  request(livraisonsPath(numTiers), Livraisons, { query: livraisonsPageQuery(page) })

const livraisonsQueryOptions = (numTiers: string, page: LivraisonsPage = {}) =>
  queryOptions({
    queryKey: ['livraisons', numTiers, page.dateFin ?? 'dernieres', page.apres ?? 'debut'],
    queryFn: () => fetchLivraisons(numTiers, page),
    staleTime: ERP_FRESH_MS,
  })

/** The key of one page's query (the preparation for no signal seeds the first one). */
export const livraisonsPageQueryKey = (numTiers: string, page: LivraisonsPage = {}) =>
  livraisonsQueryOptions(numTiers, page).queryKey

/** The newest lines of the window ending today, as many as a page may hold: what the feed
 * forecasts read (a feed delivered regularly needs more than the 12 lines a phone shows). */
export const recentLivraisonsQueryOptions = (numTiers: string) =>
  queryOptions({
    queryKey: ['livraisons', numTiers, 'recentes'],
    // With its signal: a change of member cancels it for real (a read still queued in the browser
    // would otherwise reach the server after the choice ended, and be refused: seen in CI).
    queryFn: ({ signal }) =>
      request(livraisonsPath(numTiers), Livraisons, { query: { limite: LIVRAISONS_LIMITE_MAX }, signal }),
    staleTime: ERP_FRESH_MS,
  })

// The history's query: pages of 12 lines within a 3-month window, then the windows before
// (ordering-area §9 "History paging"). Here rather than in the history feature: the route's loader
// and the preparation for no signal (src/offline/preparation) read the same key.
export type PageParam = LivraisonsPage
export const historyKey = (numTiers: string) => ['livraisons', numTiers, 'historique'] as const

export const historyQueryOptions = (queryClient: QueryClient, numTiers: string) =>
  infiniteQueryOptions({
    queryKey: historyKey(numTiers),
    // Each page goes through its own query, so the service worker and the cache see the same URLs.
    queryFn: ({ pageParam }) =>
      queryClient.fetchQuery({ ...livraisonsQueryOptions(numTiers, pageParam), staleTime: 0 }),
    initialPageParam: {} as PageParam,
    // The rest of the window (`suite`), then by the date before the oldest shown; `fin`: nothing older.
    getNextPageParam: (last: LivraisonsPageData): PageParam | undefined => nextDeliveryPage(last),
    staleTime: ERP_FRESH_MS,
  })
