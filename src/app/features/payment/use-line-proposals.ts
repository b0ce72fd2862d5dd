// The payment proposals of every cart line (cart-orders-admin §7 "Payment proposals per line").
// Online: the server's proposal for the line. Offline: the last proposal known for that line
// (persisted query cache), else the customer's terms with the due date counted from the line's
// delivery start (src/domain), marked as to be checked by the server when the order arrives.
// A refusal by the server leaves the line without modes, as the spec says.
import { useQueries } from '@tanstack/react-query'
import { ApiError } from '../../../api/api-error'
import { reglementCommandeQueryOptions, reglementTiersQueryOptions } from '../../../api/paiement'
import { proposalsFromTerms, type ModeReglement } from '../../../domain/payment'
import type { CartLine } from '../../../domain/types'
import { useOnline } from '../../ui/use-online'

export type LineProposal =
  | { etat: 'chargement'; modes: readonly ModeReglement[] }
  /** The server's proposal for this line (possibly the last one known, offline). */
  | { etat: 'serveur'; modes: readonly ModeReglement[] }
  /** No proposal known for this line: the customer's terms, to be checked by the server. */
  | { etat: 'a-verifier'; modes: readonly ModeReglement[] }
  /** The server could not give one: no modes (the cooperative applies the customer's default). */
  | { etat: 'aucun'; modes: readonly ModeReglement[] }
  /** Offline, and neither a proposal for this line nor the customer's terms are on this device:
   * the order must not leave without a payment code, so it waits for the network. */
  | { etat: 'inconnu'; modes: readonly ModeReglement[] }

export function useLineProposals(numTiers: string, lines: readonly CartLine[]): Record<string, LineProposal> {
  const online = useOnline()
  // The customer's terms for each line's article (the offline fallback), and the line's proposal.
  const terms = useQueries({ queries: lines.map((l) => reglementTiersQueryOptions(numTiers, l)) })
  const results = useQueries({ queries: lines.map((l) => reglementCommandeQueryOptions(numTiers, l)) })

  const byLine: Record<string, LineProposal> = {}
  lines.forEach((line, i) => {
    const q = results[i]
    const lineTerms = terms[i]?.data
    const fallback = (): LineProposal =>
      lineTerms
        ? { etat: 'a-verifier', modes: proposalsFromTerms(lineTerms, line.datePrevueLivraison) }
        : { etat: 'inconnu', modes: [] }
    if (q?.data) byLine[line.idLigne] = { etat: 'serveur', modes: q.data }
    // The server answered with a refusal: no modes for this line.
    else if (q?.error instanceof ApiError) byLine[line.idLigne] = { etat: 'aucun', modes: [] }
    // No network (said by the browser, or a request that got no answer): do not wait for it.
    else if (!online || q?.isError || !q?.isEnabled) byLine[line.idLigne] = fallback()
    else byLine[line.idLigne] = { etat: 'chargement', modes: [] }
  })
  return byLine
}
