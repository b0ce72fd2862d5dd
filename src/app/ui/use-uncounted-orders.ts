// This device's orders that a list read from the cooperative does not count yet: waiting in the
// outbox, or received by the cooperative after the list was fetched. One received since has the
// list fetched again at once, so that a farmer who has just sent an order finds it in Commandes
// internet, the advice and the lots, not a minute later when the cached list goes stale.
import { useEffect, useMemo } from 'react'
import { useQueryClient, type QueryKey } from '@tanstack/react-query'
import { useDeviceOrders, type DeviceOrder } from '../../offline/queued-tonnes'

/** `loading` while the device's own orders are not read yet. */
export function useUncountedOrders(
  owner: string,
  numTiers: string,
  fetchedAt: number,
  list: QueryKey,
): { uncounted: DeviceOrder[]; loading: boolean } {
  const orders = useDeviceOrders(owner, numTiers)
  const queryClient = useQueryClient()
  const uncounted = useMemo(
    () => (orders ?? []).filter((o) => o.receivedAt === null || o.receivedAt > fetchedAt),
    [orders, fetchedAt],
  )
  const receivedSince = uncounted.some((o) => o.receivedAt !== null)
  const key = JSON.stringify(list)
  useEffect(() => {
    if (receivedSince) void queryClient.invalidateQueries({ queryKey: JSON.parse(key) as QueryKey })
  }, [receivedSince, key, queryClient])
  return { uncounted, loading: orders === undefined }
}
