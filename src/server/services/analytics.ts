// The spec's "analytics event" on a successful submission (cart-orders-admin §4), as a documented
// hook of the cooperative's own, with no third-party tracker in the browser: one log line
// `analytics.commande_envoyee` for every order accepted for the first time (never for a replay),
// and, when ANALYTICS_URL is set, the same event POSTed as JSON to that endpoint (the
// cooperative's collector). Sent after the answer is decided, never awaited by it: a slow or
// failing collector costs the farmer nothing, and a failure is one warning in the log.
import type { Logger } from '../logger'

export interface CommandeEnvoyeeEvent {
  event: 'commande_envoyee'
  numero: string
  numTiers: string
  /** Staff sending for a member (connect-as), or the farmer themself. */
  parConseiller: boolean
  lignes: number
  tonnes: number
  at: string
}

const TIMEOUT_MS = 5_000

export function recordOrderSent(event: CommandeEnvoyeeEvent, url: string | null, logger: Logger): void {
  logger.info('analytics.commande_envoyee', { ...event })
  if (!url) return
  void fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(event),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  })
    .then((res) => {
      if (!res.ok) logger.warn('analytics.refused', { status: res.status, numero: event.numero })
      return res.body?.cancel()
    })
    .catch((err) => logger.warn('analytics.failed', { error: String(err), numero: event.numero }))
}
