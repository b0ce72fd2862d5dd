import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import type { DateTime } from 'luxon'
import * as v from 'valibot'
import { afterOrderWindow, orderHistoryQuery, startOrderPaging, type OrderPaging } from '../domain/history-paging'
import type { IsoDate } from '../domain/types'
import { ERP_FRESH_MS } from './erp-freshness'
import { request } from './http-client'
import {
  Commande,
  COMMANDE_PRECEDENTE,
  CommandePrecedente,
  commandePath,
  Commandes,
  commandesEnCoursPath,
  commandesPath,
  curseurDe,
  LIMITE_DEFAUT,
} from '../contract/commandes'

/** After a page of `limite` orders: the cursor of the next one, or undefined when it was the last.
 * A full page may be the last: the next load then comes back empty and ends the paging. */
const nextCursor = (page: readonly Commande[], limite: number): string | undefined => {
  const last = page.at(-1)
  return page.length >= limite && last ? curseurDe(last) : undefined
}

/** The current orders, LIMITE_DEFAUT at a time, newest first ('Afficher plus de commandes en cours'). */
// The key differs from the unpaged one's so that a list cached before paging is never read as pages.
export const commandesEnCoursQueryOptions = (numTiers: string) =>
  infiniteQueryOptions({
    queryKey: ['commandes', numTiers, 'en-cours', 'pages'],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      request(commandesEnCoursPath(numTiers), Commandes, { query: { limite: LIMITE_DEFAUT, apres: pageParam } }),
    getNextPageParam: (last: Commande[]) => nextCursor(last, LIMITE_DEFAUT),
    staleTime: ERP_FRESH_MS,
  })

export interface OrderHistoryPage {
  paging: OrderPaging
  commandes: Commande[]
  /** On a page that ends its window: the day of the newest order before it, null when there is
   * none (COMMANDE_PRECEDENTE). Missing from pages kept on the device before the server said. */
  precedente?: IsoDate | null
}

/** The order history, LIMITE_DEFAUT orders at a time within a 3-month window, then the window
 * holding the newest older order the server names, until it names none. */
export const commandesHistoriqueQueryOptions = (numTiers: string, now: DateTime) =>
  infiniteQueryOptions({
    queryKey: ['commandes', numTiers, 'historique'],
    initialPageParam: startOrderPaging(now),
    queryFn: async ({ pageParam }): Promise<OrderHistoryPage> => {
      if (!pageParam.window) return { paging: pageParam, commandes: [] }
      const query = { ...orderHistoryQuery(pageParam.window), limite: LIMITE_DEFAUT, apres: pageParam.apres }
      let precedente: IsoDate | null = null
      const headersOut = (headers: Headers) => {
        const said = v.safeParse(CommandePrecedente, headers.get(COMMANDE_PRECEDENTE))
        precedente = said.success ? said.output : null
      }
      const commandes = await request(commandesPath(numTiers), Commandes, { query, headersOut })
      return { paging: pageParam, commandes, precedente }
    },
    getNextPageParam: (last: OrderHistoryPage): OrderPaging | undefined => {
      // More in this window: its next page; otherwise the window of the next older order.
      const apres = nextCursor(last.commandes, LIMITE_DEFAUT)
      if (apres) return { ...last.paging, apres }
      // A cursor page that came back empty ends the window, not the history.
      const count = last.paging.apres ? 1 : last.commandes.length
      const next = afterOrderWindow({ ...last.paging, apres: undefined }, count, last.precedente)
      return next.termine ? undefined : next
    },
    staleTime: ERP_FRESH_MS,
  })

export const commandeQueryOptions = (numTiers: string, numero: string) =>
  queryOptions({
    queryKey: ['commandes', numTiers, 'detail', numero],
    queryFn: () => request(commandePath(numTiers, numero), Commande),
    staleTime: ERP_FRESH_MS,
  })
