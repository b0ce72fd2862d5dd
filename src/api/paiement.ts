import { CODE_ENTITE } from '../contract/limits'
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { request } from './http-client'
import { fromSnapshotOr } from './hors-connexion'
import {
  IncidentPaiement,
  incidentPaiementPath,
  incidentPaiementQuery,
  PropositionsReglement,
  reglementCommandePath,
  ReglementTiers,
  reglementTiersPath,
  reglementTiersQuery,
} from '../contract/paiement'
import { typeTiersOf } from './tiers'

// typeTiers is sent as ordering-area §7 says, read from the customer (already loaded by the
// access check, persisted with the query cache): it follows from numTiers, so it is not part of
// the query keys, and offline the URL is the one cached by the service worker.

export const incidentPaiementQueryOptions = (numTiers: string) =>
  queryOptions({
    queryKey: ['incident-paiement', numTiers],
    queryFn: async ({ client, signal }) =>
      request(incidentPaiementPath(numTiers), IncidentPaiement, {
        query: incidentPaiementQuery(await typeTiersOf(client, numTiers)),
        signal,
      }),
    staleTime: 5 * 60_000,
    meta: { errorDialog: false },
  })

/** The customer's payment terms for a line's article (ordering-area §7: numArticle, codeTArt). */
export const reglementTiersQueryOptions = (numTiers: string, line: LigneReglement) =>
  queryOptions({
    queryKey: ['reglement-tiers', numTiers, line.numArticle ?? '', line.codeTypeArticle ?? ''],
    // The same terms for every article (the server's route says so): the snapshot's, when held.
    queryFn: ({ client, signal }) =>
      fromSnapshotOr(
        numTiers,
        (s) => s.reglementTiers,
        async () =>
          request(reglementTiersPath(numTiers), ReglementTiers, {
            query: reglementTiersQuery(await typeTiersOf(client, numTiers), line.numArticle, line.codeTypeArticle),
            signal,
          }),
      ),
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
    queryFn: async ({ client, signal }) =>
      request(reglementCommandePath(numTiers), PropositionsReglement, {
        query: {
          typeTiers: await typeTiersOf(client, numTiers),
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
  for (const line of lines) {
    void queryClient.prefetchQuery(reglementTiersQueryOptions(numTiers, line))
    void queryClient.prefetchQuery(reglementCommandeQueryOptions(numTiers, line))
  }
}

/**
 * The words of a payment code as this device knows them, read from the query cache (persisted for
 * offline use): a line's proposals first, then the customer's terms; null when neither holds it.
 * The waiting orders' text says "Prélèvement à 30 jours", not "PRE30" (issue 43).
 */
export function cachedPaymentLabel(queryClient: QueryClient, numTiers: string, codeRegt: string): string | null {
  for (const [, modes] of queryClient.getQueriesData<readonly { codeRegt: string; libelle: string }[]>({
    queryKey: ['reglement-commande', numTiers],
  })) {
    const found = Array.isArray(modes) ? modes.find((m) => m.codeRegt === codeRegt) : undefined
    if (found?.libelle) return found.libelle
  }
  for (const [, terms] of queryClient.getQueriesData<ReglementTiers>({ queryKey: ['reglement-tiers', numTiers] })) {
    const found = Array.isArray(terms?.modes) ? terms.modes.find((m) => m.codeRegt === codeRegt) : undefined
    if (found?.libelle) return found.libelle
  }
  return null
}
