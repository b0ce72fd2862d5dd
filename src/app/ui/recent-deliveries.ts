// The deliveries the feed forecasts read ("À commander", a lot's forecast): the newest lines of
// the last three months, up to a page's maximum (200), fetched apart from the history's pages of
// 12 — a feed counts as regular after three deliveries at one address, which 12 lines of a busy
// farm may not show. Persisted and kept by the service worker like every read, so it works
// offline; without it (never fetched, failed) the lines the screen already has are used.
import { useQuery } from '@tanstack/react-query'
import { recentLivraisonsQueryOptions } from '../../api/livraisons'
import type { LigneLivraison } from '../../contract/livraisons'

const quiet = { meta: { errorDialog: false }, retry: 1 } as const

/** `enabled`: false, not read yet (and counted pending), as the advice does until a task after its mount. */
export function useRecentDeliveries(numTiers: string, shown: readonly LigneLivraison[], enabled = true) {
  const query = useQuery({ ...recentLivraisonsQueryOptions(numTiers), ...quiet, enabled })
  return {
    lignes: query.data?.lignes ?? shown,
    /** When they were fetched (ms); 0 when the screen's own lines stand in. */
    dataUpdatedAt: query.data ? query.dataUpdatedAt : 0,
    pending: query.isLoading || (!enabled && !query.data),
    failed: query.isRefetchError,
  }
}
