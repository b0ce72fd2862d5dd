import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { request } from './http-client'
import {
  IncidentPaiement,
  incidentPaiementPath,
  PropositionsReglement,
  reglementCommandePath,
  ReglementTiers,
  reglementTiersPath,
} from './contract/paiement'
import { CODE_ENTITE } from '../domain/constants'

const fetchIncidentPaiement = (numTiers: string) =>
  request(incidentPaiementPath(numTiers), IncidentPaiement, { query: { numEntite: CODE_ENTITE } })

export const incidentPaiementQueryOptions = (numTiers: string) =>
  queryOptions({
    queryKey: ['incident-paiement', numTiers],
    queryFn: () => fetchIncidentPaiement(numTiers),
    staleTime: 5 * 60_000,
    meta: { errorDialog: false },
  })

export const reglementTiersQueryOptions = (numTiers: string) =>
  queryOptions({
    queryKey: ['reglement-tiers', numTiers],
    queryFn: () => request(reglementTiersPath(numTiers), ReglementTiers, { query: { numEntite: CODE_ENTITE } }),
    staleTime: 10 * 60_000,
    // The payment step falls back on these when offline; a failure is not worth a dialog.
    meta: { errorDialog: false },
  })

/** What a line's payment proposal depends on (cart-orders-admin §7 "Payment proposals per line"). */
export interface LigneReglement {
  numArticle?: string | null
  codeTypeArticle?: string | null
  datePrevueLivraison?: string | null
  numLot?: string | null
}

/**
 * The payment modes proposed for one line. Persisted with the query cache: offline, a line uses
 * the last proposals known for it. A failure leaves the line without modes (no error dialog).
 */
export const reglementCommandeQueryOptions = (numTiers: string, line: LigneReglement) =>
  queryOptions({
    queryKey: [
      'reglement-commande',
      numTiers,
      line.numArticle ?? '',
      line.codeTypeArticle ?? '',
      line.datePrevueLivraison ?? '',
      line.numLot ?? '',
    ],
    queryFn: ({ signal }) =>
      request(reglementCommandePath(numTiers), PropositionsReglement, {
        query: {
          numEntite: CODE_ENTITE,
          numArticle: line.numArticle ?? '',
          codeTArt: line.codeTypeArticle ?? undefined,
          dateValidite: line.datePrevueLivraison ?? '',
          numLot: line.numLot ?? undefined,
        },
        signal,
      }),
    enabled: Boolean(line.numArticle && line.datePrevueLivraison),
    staleTime: 10 * 60_000,
    meta: { errorDialog: false },
  })

/**
 * A line enters the cart: its proposal and the customer's usual terms are fetched now, while
 * there may be signal, and kept in the persisted query cache, so the payment step can use them
 * if the network is gone by the time the farmer opens the cart (issue 16, defect 6).
 */
export function keepPaymentTerms(queryClient: QueryClient, numTiers: string, lines: readonly LigneReglement[]) {
  void queryClient.prefetchQuery(reglementTiersQueryOptions(numTiers))
  for (const line of lines) void queryClient.prefetchQuery(reglementCommandeQueryOptions(numTiers, line))
}
