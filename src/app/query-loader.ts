// What route loaders call for a screen's data. Offline (the connection state, learned from the
// app's requests) with nothing cached, ensureQueryData would
// wait for the network for ever (offlineFirst pauses retries while offline): the loader then
// lets the screen render at once, and the screen says what it can show.
import { isOnline } from '../api/connection'
import type {
  EnsureInfiniteQueryDataOptions,
  EnsureQueryDataOptions,
  QueryClient,
  QueryKey,
} from '@tanstack/react-query'

export async function loadQuery<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  queryClient: QueryClient,
  options: EnsureQueryDataOptions<TQueryFnData, TError, TData, TQueryKey>,
): Promise<void> {
  if (queryClient.getQueryData(options.queryKey) !== undefined || !isOnline()) {
    // Cached: show it now, refresh behind it if stale.
    void queryClient.prefetchQuery(options).catch(() => undefined)
    return
  }
  // A failed load is the screen's to show (its error or cached state), not the router's.
  await queryClient.ensureQueryData(options).catch(() => undefined)
}

/** The same for a paged query (the history's windows): only its first page is awaited. */
export async function loadInfiniteQuery<TQueryFnData, TError, TData, TQueryKey extends QueryKey, TPageParam>(
  queryClient: QueryClient,
  options: EnsureInfiniteQueryDataOptions<TQueryFnData, TError, TData, TQueryKey, TPageParam>,
): Promise<void> {
  if (queryClient.getQueryData(options.queryKey) !== undefined || !isOnline()) return
  await queryClient.ensureInfiniteQueryData(options).catch(() => undefined)
}
