// The installed app painted offline before any of its scripts run (issue 50, item 3): the service
// worker keeps the server's own rendered Historique, the last one it fetched for the person signed
// in (sw/kept-history.ts; its cache and key in contract/paths), and serves it for the history's
// navigation when the server cannot be reached. What the worker and the page share: the marks the
// worker leaves in the page it serves, and the offline notice it fills in, the same markup as the
// app's (app/ui/offline-notice).
import { formatDateCourte } from '../domain/format'
import { parisDateOf, parisTimeOf } from '../domain/paris-clock'

/** The page's message: the history it shows changed, fetch the server's page again and keep it. */
export const KEEP_HISTORY_MESSAGE = 'KEEP_HISTORY'

/** The header the kept copy carries: when its data was read from the server (ms). */
export const KEPT_AT_HEADER = 'X-Silo-Donnees-Du'

/** The attribute the worker adds to the served copy's data block (app/first-screen reads it). */
export const KEPT_AT_ATTRIBUTE = 'data-kept-at'
/** …and this one too when it served it because the server could not be reached. */
export const KEPT_OFFLINE_ATTRIBUTE = 'data-kept-offline'

/** The offline notice's place in a rendered page: always there, empty online (app/ui/offline-notice). */
export const OFFLINE_NOTICE_ATTRIBUTE = 'data-offline-notice'
/** The empty place as React renders it. */
export const EMPTY_NOTICE_PLACE = `<div ${OFFLINE_NOTICE_ATTRIBUTE}=""></div>`

/** 'dd/MM/yyyy à HH:mm' in Paris (neither luxon nor Intl: this notice is on the first paint offline). */
export function formatSavedAt(millis: number): string {
  return `${formatDateCourte(parisDateOf(millis))} à ${parisTimeOf(millis)}`
}

/** The offline notice's inner markup: the app renders it, and the worker writes it into the kept
 * page it serves with no network, so the notice is there from the first paint. */
export const offlineNoticeHtml = (savedAt: number): string =>
  '<p role="status" class="mb-4 flex items-center gap-2 rounded-lg border-2 border-neutral-900 bg-silo-gold-light px-3 py-2 text-base font-semibold text-neutral-950">' +
  '<svg viewBox="0 0 24 24" class="h-6 w-6 shrink-0" fill="currentColor" aria-hidden="true" focusable="false">' +
  '<path d="M23.64 7c-.45-.34-4.93-4-11.64-4-1.5 0-2.89.19-4.15.48L18.18 13.8 23.64 7zm-6.6 8.22L3.27 1.44 2 2.72l2.05 2.06C1.91 5.76.59 6.82.36 7l11.63 14.49.01.01.01-.01 3.9-4.86 3.32 3.32 1.27-1.27-3.46-3.46z"></path></svg>' +
  `<span>Hors connexion — données du ${formatSavedAt(savedAt)}</span></p>`
