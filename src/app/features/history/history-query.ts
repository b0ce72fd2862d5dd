// The history's query: successive 3-month windows (ordering-area §9 "History paging"). Kept apart
// from use-history (which brings Dexie) so the route's loader can prefetch it cheaply.
import { infiniteQueryOptions, type QueryClient } from '@tanstack/react-query'
import { livraisonsQueryOptions } from '../../../api/livraisons'
import type { Livraisons } from '../../../api/contract/livraisons'
import { nextHistoryWindow } from '../../../domain/history-paging'

export type PageParam = string | undefined
export const historyKey = (numTiers: string) => ['livraisons', numTiers, 'historique'] as const

export const historyQueryOptions = (queryClient: QueryClient, numTiers: string) =>
  infiniteQueryOptions({
    queryKey: historyKey(numTiers),
    // Each window goes through its own query, so the service worker and the cache see the same URLs.
    queryFn: ({ pageParam }) => queryClient.fetchQuery({ ...livraisonsQueryOptions(numTiers, pageParam), staleTime: 0 }),
    initialPageParam: undefined as PageParam,
    // Further loads go by the date before the oldest shown (§9); `fin` says nothing older exists.
    getNextPageParam: (last: Livraisons): PageParam => (last.fin ? undefined : (nextHistoryWindow(last.dateDebut)?.dateFin ?? undefined)),
    staleTime: 5 * 60_000,
  })
