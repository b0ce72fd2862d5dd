import { describe, expect, it } from 'vitest'
import {
  lineStepLabel,
  mobileStepLabel,
  orderLevelStepLabel,
  orderStepLabel,
  sortOrders,
  stepRank,
} from '../../src/domain/orders'
import {
  afterOrderPage,
  afterOrderWindow,
  deliveryPageStarts,
  firstHistoryWindow,
  historyWindow,
  nextDeliveryPage,
  nextHistoryWindow,
  orderHistoryQuery,
  startOrderPaging,
} from '../../src/domain/history-paging'
import { paris } from './helpers'

describe('order steps', () => {
  it('the step labels of lines', () => {
    expect(
      ['ENREGISTREE', 'VALORISEE', 'PREPAREE', 'LOGISTIQUE', 'LIVREE', 'FACTUREE', 'SUPPRIMEE', 'ERREUR'].map(
        lineStepLabel,
      ),
    ).toEqual([
      'En attente de validation',
      'Valorisée',
      'Préparée',
      'EN LOGISTIQUE',
      'Livrée',
      'Facturée',
      'Supprimée',
      'Erreur',
    ])
    expect(lineStepLabel('AUTRE')).toBe('AUTRE')
  })
  it('the step labels of orders (PREPAREE and LOGISTIQUE read EN LOGISTIQUE)', () => {
    expect(orderLevelStepLabel('PREPAREE')).toBe('EN LOGISTIQUE')
    expect(orderLevelStepLabel('LOGISTIQUE')).toBe('EN LOGISTIQUE')
    expect(orderStepLabel({ lignes: [{ etape: 'PREPAREE' }, { etape: 'PREPAREE' }] })).toBe('EN LOGISTIQUE')
  })
  it('Voir détails, plusieurs étapes', () => {
    expect(orderStepLabel({ lignes: [{ etape: 'LIVREE' }, { etape: 'FACTUREE' }] })).toBe(
      'Voir détails, plusieurs étapes',
    )
  })
  it("'Inconu' for a missing step on mobile", () => {
    expect(mobileStepLabel(null)).toBe('Inconu')
    expect(mobileStepLabel('LIVREE')).toBe('Livrée')
  })
  it('sorting by step then date, or by date (newest first)', () => {
    const orders = [
      { numero: 1, date: '2026-11-01', etape: 'LIVREE' },
      { numero: 2, date: '2026-11-03', etape: 'ENREGISTREE' },
      { numero: 3, date: '2026-11-05', etape: 'LIVREE' },
      { numero: 4, date: '2026-11-04', etape: 'ERREUR' },
    ]
    expect(sortOrders(orders, 0).map((o) => o.numero)).toEqual([2, 3, 1, 4])
    expect(sortOrders(orders, 1).map((o) => o.numero)).toEqual([3, 4, 2, 1])
    expect(stepRank('PREPAREE')).toBe(stepRank('LOGISTIQUE'))
    expect(stepRank('SUPPRIMEE')).toBe(9)
  })
})

describe('history paging', () => {
  it('3-month windows going back, stopping at 2020-11-01', () => {
    expect(firstHistoryWindow(paris('2026-11-23T08:00'))).toEqual({ dateDebut: '2026-08-24', dateFin: '2026-11-23' })
    expect(nextHistoryWindow('2026-08-24')).toEqual({ dateDebut: '2026-05-24', dateFin: '2026-08-23' })
    expect(historyWindow('2020-12-15')).toEqual({ dateDebut: '2020-11-01', dateFin: '2020-12-15' })
    expect(nextHistoryWindow('2020-11-01')).toBeNull()
  })
  it('the delivery history: the rest of the window by its cursor, then the window before the oldest shown, then nothing', () => {
    const first = { dateDebut: '2026-08-24', dateFin: '2026-11-23', fin: false, suite: '2026-10-02.1.BL0000042' }
    expect(nextDeliveryPage(first)).toEqual({ dateFin: '2026-11-23', apres: '2026-10-02.1.BL0000042' })
    const endOfWindow = { ...first, suite: null }
    expect(nextDeliveryPage(endOfWindow)).toEqual({ dateFin: '2026-08-23' })
    // A copy saved before paging by count: no suite, a whole window.
    expect(nextDeliveryPage({ dateDebut: '2026-08-24', dateFin: '2026-11-23', fin: false })).toEqual({
      dateFin: '2026-08-23',
    })
    const last = { dateDebut: '2020-11-01', dateFin: '2020-12-15', fin: true }
    expect(nextDeliveryPage({ ...last, suite: 'x' })).toEqual({ dateFin: '2020-12-15', apres: 'x' })
    expect(nextDeliveryPage({ ...last, suite: null })).toBeUndefined()
  })
  it('restored pages get back the starts the query had: the first from nothing, each next from the page before', () => {
    const pages = [
      { dateDebut: '2026-08-24', dateFin: '2026-11-23', fin: false, suite: 'a' },
      { dateDebut: '2026-08-24', dateFin: '2026-11-23', fin: false, suite: null },
      { dateDebut: '2026-05-24', dateFin: '2026-08-23', fin: false },
    ]
    expect(deliveryPageStarts(pages)).toEqual([{}, { dateFin: '2026-11-23', apres: 'a' }, { dateFin: '2026-08-23' }])
    expect(deliveryPageStarts([])).toEqual([])
  })
  it('the order-history paging: disabled for good once a load returns nothing', () => {
    const start = startOrderPaging(paris('2026-11-23T08:00'))
    expect(orderHistoryQuery(start.window!)).toEqual({
      etapes: 'FACTUREE,ERREUR,SUPPRIMEE',
      dateDebut: '2026-08-24',
      dateFin: '2026-11-23',
    })
    const next = afterOrderPage(start, 4)
    expect(next).toEqual({ window: { dateDebut: '2026-05-24', dateFin: '2026-08-23' }, termine: false })
    expect(afterOrderPage(next, 0)).toEqual({ window: null, termine: true })
  })
  it('the order-history paging goes straight to the window of the next older order the server names (issue 49)', () => {
    const start = startOrderPaging(paris('2026-11-23T08:00'))
    // An empty first window, an order on 2026-03-14: the window ending that day, not the one before.
    const found = afterOrderWindow(start, 0, '2026-03-14')
    expect(found).toEqual({ window: { dateDebut: '2025-12-15', dateFin: '2026-03-14' }, termine: false })
    // Nothing older: the end, even after a window with orders.
    expect(afterOrderWindow(found, 3, null)).toEqual({ window: null, termine: true })
    // A day that is not before the window (a server's mistake) never pages the same window again.
    expect(afterOrderWindow(start, 2, '2026-09-01')).toEqual(afterOrderPage(start, 2))
    // A page kept from before the server said (no field): as before, by count.
    expect(afterOrderWindow(start, 0, undefined)).toEqual({ window: null, termine: true })
    expect(afterOrderWindow(start, 4, undefined)).toEqual(afterOrderPage(start, 4))
  })
})
