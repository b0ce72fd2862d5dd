// The history's query: pages of 12 lines within a 3-month window, then the windows before
// (ordering-area §9 "History paging"). Kept apart from use-history (which brings Dexie) so the
// route's loader can prefetch it cheaply.
import { infiniteQueryOptions, type QueryClient } from '@tanstack/react-query'
import { livraisonsQueryOptions } from '../../../api/livraisons'
import type { Livraisons, LivraisonsPage } from '../../../api/contract/livraisons'
import { nextDeliveryPage } from '../../../domain/history-paging'

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
    getNextPageParam: (last: Livraisons): PageParam | undefined => nextDeliveryPage(last),
    staleTime: 5 * 60_000,
  })
