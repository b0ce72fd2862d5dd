// Paging of the delivery history and of the order history (ordering-area §9, cart-orders-admin §4):
// 3-month windows going back, never before 2020-11-01 (the first day of online ordering).
import type { DateTime } from 'luxon'
import { dayNumber, isoOfDayNumber, plusCalendar } from './day-numbers'
import { HISTORIQUE_DEBUT, HISTORIQUE_FENETRE_MOIS } from './constants'
import { ETAPES_HISTORIQUE } from './orders'
import type { LivraisonsPage } from '../contract/livraisons'
import type { IsoDate } from './types'

export interface HistoryWindow {
  dateDebut: IsoDate
  dateFin: IsoDate
}

/** The window ending on `dateFin` (inclusive), 3 months long, clipped at 2020-11-01; null before it. */
// On day numbers (no luxon at run time): the history is the first screen.
export function historyWindow(dateFin: DateTime | IsoDate): HistoryWindow | null {
  const fin = dayNumber(dateFin)
  if (fin === null || isoOfDayNumber(fin) < HISTORIQUE_DEBUT) return null
  const debut = isoOfDayNumber(plusCalendar(fin, { months: -HISTORIQUE_FENETRE_MOIS, days: 1 }))
  return { dateDebut: debut < HISTORIQUE_DEBUT ? HISTORIQUE_DEBUT : debut, dateFin: isoOfDayNumber(fin) }
}

/** The first window: the last 3 months up to today (a DateTime, or today's date in Paris). */
export const firstHistoryWindow = (now: DateTime | IsoDate): HistoryWindow | null => historyWindow(now)

/** Further loads go by date before the oldest shown; null when nothing more can be loaded. */
export function nextHistoryWindow(oldestShown: DateTime | IsoDate): HistoryWindow | null {
  const oldest = dayNumber(oldestShown)
  return oldest === null ? null : historyWindow(isoOfDayNumber(oldest - 1))
}

/** Where a page of the delivery history starts: the page the wire asks for (src/contract). */
export type DeliveryPageStart = LivraisonsPage

/** What a page of the delivery history said about what follows it. `suite` is missing from pages
 * saved before the history was paged by count (a whole window each): read as null. */
export interface DeliveryPageEnd {
  dateDebut: IsoDate
  dateFin: IsoDate
  fin: boolean
  suite?: string | null
}

/** The page after `last` (§9): the rest of its window first (12 lines at a time), then the
 * window before the oldest shown; undefined when nothing older can be loaded. */
export function nextDeliveryPage(last: DeliveryPageEnd): DeliveryPageStart | undefined {
  if (last.suite) return { dateFin: last.dateFin, apres: last.suite }
  if (last.fin) return undefined
  const window = nextHistoryWindow(last.dateDebut)
  return window ? { dateFin: window.dateFin } : undefined
}

/** The start of each of these pages, in order, as the infinite query had them: rebuilt from the
 * pages themselves (a page restored from the device's copy carries no start of its own). */
export const deliveryPageStarts = (pages: readonly DeliveryPageEnd[]): DeliveryPageStart[] =>
  pages.map((_, i) => (i === 0 ? {} : (nextDeliveryPage(pages[i - 1]!) ?? {})))

/** The query of GET /commandes for a page of the order history (the finished steps). */
export const orderHistoryQuery = (w: HistoryWindow): { etapes: string; dateDebut: IsoDate; dateFin: IsoDate } => ({
  etapes: ETAPES_HISTORIQUE.join(','),
  dateDebut: w.dateDebut,
  dateFin: w.dateFin,
})

export interface OrderPaging {
  window: HistoryWindow | null
  /** Within the window, the cursor after the orders already loaded (the server pages by count). */
  apres?: string
  /** 'Afficher plus de commandes' is disabled for good once a load returns nothing. */
  termine: boolean
}

export const startOrderPaging = (now: DateTime): OrderPaging => {
  const window = firstHistoryWindow(now)
  return { window, termine: window === null }
}

/** After a page loaded `count` orders: the next window, or the end. */
export function afterOrderPage(state: OrderPaging, count: number): OrderPaging {
  if (state.termine || !state.window || count <= 0) return { window: null, termine: true }
  const window = nextHistoryWindow(state.window.dateDebut)
  return { window, termine: window === null }
}

/** After a page that ended its window, with what the server said of the orders before it
 * (COMMANDE_PRECEDENTE, src/contract/commandes): the window ending on the day of the newest older
 * order, whatever empty windows lie between (issue 49 item 8: a member whose last order was
 * older than the first window saw "nothing" and a disabled button), or the end when there is none.
 * `undefined`: a page kept from before the server said; the window before, as then. */
export function afterOrderWindow(
  state: OrderPaging,
  count: number,
  precedente: IsoDate | null | undefined,
): OrderPaging {
  if (precedente === undefined) return afterOrderPage(state, count)
  if (state.termine || !state.window || precedente === null) return { window: null, termine: true }
  // A day within the window (a server's mistake) must not page the same window again.
  const window =
    precedente < state.window.dateDebut ? historyWindow(precedente) : nextHistoryWindow(state.window.dateDebut)
  return { window, termine: window === null }
}
