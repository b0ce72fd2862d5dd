// The first screen's reads, announced with the app shell (issue 17): a signed-in browser opening
// Silo gets `Link: rel=preload` for them, so they travel while the JavaScript downloads instead
// of one after another once it has run (user → customer → payment incident → history). The
// same paths and queries as the browser's fetch client (src/api), so the browser reuses them.
// Only on a network answer: once installed, the service worker serves the shell from its cache.
import { isFarmer } from '../../domain/roles'
import { USER_PATHS } from '../../contract/user'
import { tiersPath } from '../../contract/tiers'
import { incidentPaiementPath, incidentPaiementQuery } from '../../contract/paiement'
import { querySearch } from '../../contract/common'
import { REFERENTIEL_PATH } from '../../contract/referentiel'
import { livraisonsPageSearch, livraisonsPath } from '../../contract/livraisons'
import { PARAMETRES_COMMANDE_PATH } from '../../contract/parametres-commande'
import { contratsPath, contratsQuery } from '../../contract/contrats'
import { INFOS_PATHS } from '../../contract/infos'
import { isHistoryPage } from '../../contract/paths'
import type { SessionUser } from './env'

export { HISTORY_PATH, isHistoryPage } from '../../contract/paths'

/** Pages without the ordering shell: nothing to announce. */
const OUTSIDE_SHELL = [/^\/login/, /^\/infos/, /^\/error-logout/, /^\/admin/]

/** The customer the session acts for, when announcing its reads: null for a user without one. */
export const preloadCustomer = (pathname: string, user: SessionUser | null): string | null =>
  !user || OUTSIDE_SHELL.some((page) => page.test(pathname))
    ? null
    : isFarmer(user.roles)
      ? user.username
      : user.actingFor

/** What the reads' queries need from the server's side: the customer's typeTiers as its row says
 * (null when unknown: those reads are not announced) and today in Paris (the contracts' dateValidite). */
export interface PreloadFacts {
  typeTiers: string | null
  today: string
}

/** The `Link` header value for this page and session, or null when there is nothing to announce. */
export function firstScreenPreload(pathname: string, user: SessionUser | null, facts: PreloadFacts): string | null {
  if (!user || OUTSIDE_SHELL.some((page) => page.test(pathname))) return null
  const numTiers = preloadCustomer(pathname, user)
  // The shell's: the user, the footer's portal link; for the customer: the access checks (customer,
  // payment incident), the banner (referentiel), the holiday banner (parameters), the contract badge.
  const reads: string[] = [USER_PATHS.me, INFOS_PATHS.urlPortail]
  if (numTiers) {
    const q = (k: string, v: string) => `?${new URLSearchParams({ [k]: v })}`
    reads.push(
      tiersPath(numTiers),
      REFERENTIEL_PATH + q('numTiers', numTiers),
      PARAMETRES_COMMANDE_PATH + q('numTiers', numTiers),
    )
    // With the customer's typeTiers, as the app sends it once the customer is loaded (src/api).
    if (facts.typeTiers)
      reads.push(
        incidentPaiementPath(numTiers) + querySearch(incidentPaiementQuery(facts.typeTiers)),
        contratsPath(numTiers) + querySearch(contratsQuery(facts.typeTiers, facts.today)),
      )
    // The history's first page, with the query the app sends for it (12 lines of today's window).
    if (isHistoryPage(pathname)) reads.push(livraisonsPath(numTiers) + livraisonsPageSearch())
  }
  return reads.map((url) => `<${url}>; rel=preload; as=fetch; crossorigin=use-credentials`).join(', ')
}
