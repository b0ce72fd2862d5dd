// What the customer has ordered and not received yet, as the regular feeds' advice counts it
// (issue 43): the lines of the cooperative's orders in progress (Commandes internet, cached for
// offline by the barn preparation), and this device's orders the cooperative's list does not hold
// yet — waiting in the outbox, or received after the list was fetched — which also has the list
// fetched again. Lots count their orders the same way (use-lots.ts).
import { useMemo } from 'react'
import { useInfiniteQuery } from '@tanstack/react-query'
import { commandesEnCoursQueryOptions } from '../../api/commandes'
import type { OrderedLine } from '../../domain/forecast-regular'
import { ETAPES_EN_COURS } from '../../domain/orders'
import { useUncountedOrders } from './use-uncounted-orders'

const NOT_DELIVERED: readonly string[] = ETAPES_EN_COURS

/** `enabled`: false, not read yet (and counted pending), as the advice does until a task after its mount. */
export function useOrderedFeeds(
  owner: string,
  numTiers: string,
  enabled = true,
): { ordered: OrderedLine[]; pending: boolean } {
  const query = useInfiniteQuery({
    ...commandesEnCoursQueryOptions(numTiers),
    meta: { errorDialog: false },
    retry: 1,
    enabled,
  })
  const { uncounted, loading } = useUncountedOrders(
    owner,
    numTiers,
    query.dataUpdatedAt,
    commandesEnCoursQueryOptions(numTiers).queryKey,
  )
  const ordered = useMemo((): OrderedLine[] => {
    const atTheCooperative = (query.data?.pages ?? []).flat().flatMap((commande) =>
      commande.lignes
        .filter((l) => NOT_DELIVERED.includes(l.etape))
        .map((l) => ({
          numArticle: l.numArticle,
          numAdresse: l.numAdresse,
          tonnes: l.quantiteCommande,
          jour: l.datePrevueLivraison,
          numLot: l.numLot,
        })),
    )
    return [...atTheCooperative, ...uncounted.flatMap((o) => o.lignes)]
  }, [query.data, uncounted])
  return { ordered, pending: query.isLoading || (!enabled && !query.data) || loading }
}
