// One QueryClient for the app, persisted to localStorage so the screens still have their data
// after a restart in a barn without signal; one copy per signed-in user.
import { MutationCache, onlineManager, QueryCache, QueryClient } from '@tanstack/react-query'
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister'
import type { PersistedClient, PersistQueryClientOptions, Persister } from '@tanstack/react-query-persist-client'
import { ApiError, NetworkError } from '../api/api-error'
import { isOnline, subscribeConnection } from '../api/connection'
import { deviceReadyForOwner, ownerStorage, QUERY_CACHE_KEY } from '../api/device-owner'
import { dropLeastNeeded } from '../offline/persist-retry'
import { APP_VERSION } from './app-version'
import { keptApart } from './query-persistence'
import { reportApiError } from './ui/error-dialog'

const SEVEN_DAYS = 7 * 24 * 60 * 60 * 1000

export function createQueryClient() {
  // TanStack's idea of "online" is the connection state learned from requests, not the
  // interface's: queries refetch when the server answers again (refetchOnReconnect).
  onlineManager.setEventListener((setOnline) => {
    setOnline(isOnline())
    return subscribeConnection(() => setOnline(isOnline()))
  })
  // Failed requests open the global error dialog, except where the caller handles the failure
  // itself and says so with meta: { errorDialog: false } (the access checks, for instance).
  const onError = (error: unknown, meta: Record<string, unknown> | undefined) => {
    if (meta?.errorDialog !== false) reportApiError(error)
  }
  const client = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError(error, query.meta) }),
    mutationCache: new MutationCache({ onError: (error, _v, _c, mutation) => onError(error, mutation.meta) }),
    defaultOptions: {
      queries: {
        // offlineFirst: run the fetch even when the browser says offline, so the service worker's
        // runtime cache can answer; cached data stays on screen meanwhile.
        networkMode: 'offlineFirst',
        // Persisted data must outlive the persister's maxAge, else it is dropped before restore.
        gcTime: SEVEN_DAYS,
        // A 4xx will not change by asking again. No answer: the connection state now says
        // offline, and the query runs again when the server answers (no retries piling up).
        retry: (count, error) =>
          !(error instanceof ApiError && error.status < 500) && !(error instanceof NetworkError) && count < 2,
      },
      mutations: { networkMode: 'offlineFirst' },
    },
  })
  askAgainWhenBack(client)
  return client
}

/**
 * What the screens got while the app said offline (the service worker's copy, after its 4 s wait
 * for a slow server) is asked again once the server answers: TanStack only asks again what is
 * stale, and a copy from the cache counted as fresh for ERP_FRESH_MS (a delivery the ERP had
 * posted stayed hidden after the tap on Historique, seen in CI on a busy machine). The answer that
 * brings the app back online is not its own data yet when this runs (connection.ts reports first).
 */
function askAgainWhenBack(client: QueryClient) {
  let offlineSince = isOnline() ? null : Date.now()
  subscribeConnection(() => {
    if (!isOnline()) {
      offlineSince ??= Date.now()
      return
    }
    if (offlineSince === null) return
    const since = offlineSince
    offlineSince = null
    void client.invalidateQueries(
      { predicate: (q) => q.state.dataUpdatedAt >= since },
      // Beside TanStack's own refetch on reconnect: one request per query, not a cancelled one.
      { cancelRefetch: false },
    )
  })
}

/**
 * The copy written at once. The library's persistClient writes through a setTimeout whatever its
 * throttleTime, so the save asked at pagehide never landed: a reload right after choosing another
 * member opened on the copy from before (issue 43). The pace of the saves is
 * app/query-persistence's (once a second at most, and when the page is hidden).
 */
function writeNow(storage: Pick<Storage, 'setItem'>): Persister['persistClient'] {
  const trySave = (client: PersistedClient) => {
    try {
      storage.setItem(QUERY_CACHE_KEY, JSON.stringify(client))
      return undefined
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error))
    }
  }
  return (persistedClient) => {
    let client: PersistedClient | undefined = persistedClient
    let error = trySave(client)
    // Quota exceeded: save less rather than nothing (src/offline/persist-retry).
    for (let errorCount = 1; error && client; errorCount++) {
      client = dropLeastNeeded({ persistedClient: client, error, errorCount })
      if (client) error = trySave(client)
    }
  }
}

export function createPersistOptions(): Omit<PersistQueryClientOptions, 'queryClient'> {
  // Another person than at the last start: their copies go before this one is read (the
  // localStorage part is synchronous, so it is done before the restore starts).
  void deviceReadyForOwner()
  // Kept per signed-in user: nothing is painted from another person's copy (api/device-owner).
  const storage = ownerStorage()
  const persister = createSyncStoragePersister({ storage, key: QUERY_CACHE_KEY })
  return {
    persister: { ...persister, persistClient: writeNow(storage) },
    maxAge: SEVEN_DAYS,
    buster: APP_VERSION,
    // A refresh that failed offline leaves a query in error with its data: keep that data (the
    // default keeps successes only, and the next start offline had lost it — issue 24).
    // The per-article reads are a copy of their own, restored after the first screen (issue 29).
    dehydrateOptions: { shouldDehydrateQuery: (q) => q.state.data !== undefined && !keptApart(q.queryKey) },
  }
}
