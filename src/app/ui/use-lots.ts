// The customer's lots as the lot screens and the advice read them: the server's, with the tonnes
// of this device's orders that the server's counts do not hold yet added to what each lot has
// ordered (issue 24) — waiting in the outbox, or received after the lots were last fetched — and
// fetched again once an order was received after them. So "Commander la tranche" and "À
// commander" never invite the farmer to order the same twice, offline or online.
import { useMemo } from 'react'
import { useQuery } from '@tanstack/react-query'
import { lotsQueryOptions } from '../../api/lots'
import type { Lot } from '../../contract/lots'
import { withQueuedTonnes } from '../../domain/forecast-lots'
import { useUncountedOrders } from './use-uncounted-orders'

export function useLots(owner: string, numTiers: string, options: { quiet?: boolean } = {}) {
  const query = useQuery({
    ...lotsQueryOptions(numTiers),
    ...(options.quiet ? { meta: { errorDialog: false }, retry: 1 } : {}),
  })
  // Orders the lots shown do not count yet: not received, or received after they were fetched.
  const { uncounted } = useUncountedOrders(owner, numTiers, query.dataUpdatedAt, lotsQueryOptions(numTiers).queryKey)
  const lots = useMemo<Lot[] | undefined>(() => {
    const byLot: Record<string, Record<string, number>> = {}
    for (const o of uncounted)
      for (const l of o.lignes) {
        if (!l.numLot) continue
        const lot = (byLot[l.numLot] ??= {})
        lot[l.numArticle] = (lot[l.numArticle] ?? 0) + l.tonnes
      }
    return query.data?.map((lot) => withQueuedTonnes(lot, byLot[lot.numLot]))
  }, [query.data, uncounted])
  return { query, lots }
}
