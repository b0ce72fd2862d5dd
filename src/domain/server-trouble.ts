// When the cooperative's server keeps failing an order (cart-orders-admin §8 "500 Erreur technique
// du serveur"): 5xx, 408 and 429 answers are retried in silence with backoff, since most pass in
// seconds; past a bounded number of such answers in a row (about a minute and a half of backoff),
// the farmer is told that the server has a problem and that Silo keeps trying, while the order
// stays on the device. A try with no answer at all is the network, not the server: it resets the count.
import { httpStatusLabel } from './http-status'

/** Server failures in a row after which the farmer is told (tries at 0, 5, 15, 35 and 75 s). */
export const SERVER_TROUBLE_AFTER = 5

/** Is this status the server failing (to retry), rather than a refusal or no answer? */
export const isServerFailure = (status: number | undefined): boolean =>
  status !== undefined && (status >= 500 || status === 408 || status === 429)

/** The consecutive server failures after a try answered with `status` (undefined: no answer). */
export const serverFailuresAfter = (before: number | undefined, status: number | undefined): number =>
  isServerFailure(status) ? (before ?? 0) + 1 : 0

/** What the farmer is told once the server has failed SERVER_TROUBLE_AFTER times in a row; null before. */
export function serverTroubleText(failures: number | undefined, status: number | undefined): string | null {
  if ((failures ?? 0) < SERVER_TROUBLE_AFTER || status === undefined) return null
  return (
    `${status} ${httpStatusLabel(status)} : le serveur de la coopérative a un problème. ` +
    "Votre commande est gardée sur cet appareil et Silo continue d'essayer de l'envoyer."
  )
}
