import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import type { DateTime } from 'luxon'
import { afterOrderPage, orderHistoryQuery, startOrderPaging, type OrderPaging } from '../domain/history-paging'
import { request } from './http-client'
import { Commande, commandePath, Commandes, commandesEnCoursPath, commandesPath } from './contract/commandes'

export const commandesEnCoursQueryOptions = (numTiers: string) =>
  queryOptions({
    queryKey: ['commandes', numTiers, 'en-cours'],
    queryFn: () => request(commandesEnCoursPath(numTiers), Commandes),
    staleTime: 60_000,
  })

export interface OrderHistoryPage {
  paging: OrderPaging
  commandes: Commande[]
}

/** The order history, one 3-month window per page, until a window comes back empty. */
export const commandesHistoriqueQueryOptions = (numTiers: string, now: DateTime) =>
  infiniteQueryOptions({
    queryKey: ['commandes', numTiers, 'historique'],
    initialPageParam: startOrderPaging(now),
    queryFn: async ({ pageParam }): Promise<OrderHistoryPage> => {
      if (!pageParam.window) return { paging: pageParam, commandes: [] }
      const commandes = await request(commandesPath(numTiers), Commandes, { query: orderHistoryQuery(pageParam.window) })
      return { paging: pageParam, commandes }
    },
    getNextPageParam: (last: OrderHistoryPage) => {
      const next = afterOrderPage(last.paging, last.commandes.length)
      return next.termine ? undefined : next
    },
    staleTime: 5 * 60_000,
  })

export const commandeQueryOptions = (numTiers: string, numero: string) =>
  queryOptions({ queryKey: ['commandes', numTiers, 'detail', numero], queryFn: () => request(commandePath(numTiers, numero), Commande), staleTime: 60_000 })
