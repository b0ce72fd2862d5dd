// Paging of the delivery history and of the order history (ordering-area §9, cart-orders-admin §4):
// 3-month windows going back, never before 2020-11-01 (the first day of online ordering).
import type { DateTime } from 'luxon'
import { toDay, toIsoDate, ZONE } from './calendar'
import { HISTORIQUE_DEBUT, HISTORIQUE_FENETRE_MOIS, HISTORIQUE_LIGNES_MOBILE } from './constants'
import { ETAPES_HISTORIQUE } from './orders'
import type { IsoDate } from './types'

export interface HistoryWindow {
  dateDebut: IsoDate
  dateFin: IsoDate
}

/** The window ending on `dateFin` (inclusive), 3 months long, clipped at 2020-11-01; null before it. */
export function historyWindow(dateFin: DateTime | IsoDate): HistoryWindow | null {
  const fin = toDay(dateFin)
  if (!fin || toIsoDate(fin) < HISTORIQUE_DEBUT) return null
  const debut = toIsoDate(fin.minus({ months: HISTORIQUE_FENETRE_MOIS }).plus({ days: 1 }))
  return { dateDebut: debut < HISTORIQUE_DEBUT ? HISTORIQUE_DEBUT : debut, dateFin: toIsoDate(fin) }
}

/** The first window: the last 3 months up to today. */
export const firstHistoryWindow = (now: DateTime): HistoryWindow | null => historyWindow(now.setZone(ZONE).startOf('day'))

/** Further loads go by date before the oldest shown; null when nothing more can be loaded. */
export function nextHistoryWindow(oldestShown: DateTime | IsoDate): HistoryWindow | null {
  const oldest = toDay(oldestShown)
  return oldest ? historyWindow(oldest.minus({ days: 1 })) : null
}

/** Mobile shows 12 lines at a time. */
export const mobileVisibleCount = (pages: number): number => Math.max(1, Math.floor(pages)) * HISTORIQUE_LIGNES_MOBILE

/** The query of GET /commandes for a page of the order history (the finished steps). */
export const orderHistoryQuery = (w: HistoryWindow): { etapes: string; dateDebut: IsoDate; dateFin: IsoDate } => ({
  etapes: ETAPES_HISTORIQUE.join(','),
  dateDebut: w.dateDebut,
  dateFin: w.dateFin,
})

export interface OrderPaging {
  window: HistoryWindow | null
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
