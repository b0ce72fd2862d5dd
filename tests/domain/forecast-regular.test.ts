import { describe, expect, it } from 'vitest'
import { regularFeeds, type OrderedLine, type RegularHistoryLine } from '../../src/domain/forecast-regular'
import { paris } from './helpers'

const now = paris('2026-11-23T20:00')
const line = (date: string, q = 8, over: Partial<RegularHistoryLine> = {}): RegularHistoryLine => ({
  numArticle: '410108',
  libelleArticle: 'Taurillons',
  dateEffectiveLivraison: date,
  quantiteLivree: q,
  numAdresse: 1,
  artCommandable: true,
  numLot: null,
  numBatiment: 11,
  numExploitation: 1,
  codeModeCamion: 'VIS',
  ...over,
})

describe('regular feeds', () => {
  it('at least three deliveries of one article at one address: usual interval, quantity and next date', () => {
    const feeds = regularFeeds(
      [line('2026-11-12', 8), line('2026-10-29', 9), line('2026-10-15', 7.8), line('2026-10-01', 8.2)],
      now,
    )
    expect(feeds).toEqual([
      expect.objectContaining({
        numArticle: '410108',
        numAdresse: 1,
        livraisons: 4,
        intervalleJours: 14,
        quantiteHabituelle: 8,
        prochaineDate: '2026-11-26',
        derniereLivraison: '2026-11-12',
      }),
    ])
  })
  it('Feed family code prefix 45 means poultry: a customer with lots orders it through Lots & plans, never from a regular-feed advice', () => {
    const poultry = (d: string) => line(d, 8, { numArticle: '450101', codeFamilleArticle: '45100' })
    const lines = [poultry('2026-11-12'), poultry('2026-10-29'), poultry('2026-10-15')]
    expect(regularFeeds(lines, now, { hasLots: true })).toEqual([])
    // Without lots, a poultry feed bought regularly is a habit like any other.
    expect(regularFeeds(lines, now, { hasLots: false })).toHaveLength(1)
  })
  it('two deliveries are not a habit; each address is its own habit', () => {
    expect(regularFeeds([line('2026-11-12'), line('2026-10-29')], now)).toEqual([])
    expect(
      regularFeeds([line('2026-11-12'), line('2026-10-29'), line('2026-10-15', 8, { numAdresse: 2 })], now),
    ).toEqual([])
  })
  it('the usual values are medians: one odd delivery does not move them', () => {
    const feeds = regularFeeds(
      [line('2026-11-12', 8), line('2026-11-05', 25), line('2026-10-22', 8), line('2026-10-08', 8.4)],
      now,
    )
    expect(feeds[0]).toMatchObject({ intervalleJours: 14, quantiteHabituelle: 8 })
  })
  it('lines of one day are one delivery; lots, lines without address and non-orderable articles are left out', () => {
    const days = ['2026-11-12', '2026-10-29', '2026-10-15']
    expect(regularFeeds([...days.map((d) => line(d, 4)), line('2026-11-12', 4)], now)[0]).toMatchObject({
      livraisons: 3,
      quantiteHabituelle: 4,
    })
    expect(
      regularFeeds(
        days.map((d) => line(d, 8, { numLot: 'VL1' })),
        now,
      ),
    ).toEqual([])
    expect(
      regularFeeds(
        days.map((d) => line(d, 8, { numAdresse: null })),
        now,
      ),
    ).toEqual([])
    expect(
      regularFeeds(
        days.map((d) => line(d, 8, { artCommandable: false })),
        now,
      ),
    ).toEqual([])
  })
  it('a feed overdue by more than one interval is no longer bought', () => {
    expect(regularFeeds([line('2026-09-10'), line('2026-08-27'), line('2026-08-13')], now)).toEqual([])
  })
  it('soonest due first; the usual truck mode is the most frequent', () => {
    const a = ['2026-11-12', '2026-10-29', '2026-10-15'].map((d) => line(d))
    const b = ['2026-11-16', '2026-11-09', '2026-11-02'].map((d) =>
      line(d, 26, { numArticle: '420105', codeModeCamion: 'BENNE' }),
    )
    expect(regularFeeds([...a, ...b], now).map((f) => [f.numArticle, f.prochaineDate, f.codeModeCamion])).toEqual([
      ['420105', '2026-11-23', 'BENNE'],
      ['410108', '2026-11-26', 'VIS'],
    ])
  })

  describe('what is ordered and not delivered yet (issue 43)', () => {
    const history = [line('2026-11-12', 8), line('2026-10-29', 9), line('2026-10-15', 7.8), line('2026-10-01', 8.2)]
    const ordered = (jour: string, tonnes = 7.5, over: Partial<OrderedLine> = {}): OrderedLine => ({
      numArticle: '410108',
      numAdresse: 1,
      tonnes,
      jour,
      numLot: null,
      ...over,
    })

    it('an order after the last delivery is the next delivery: the habit resumes from its date', () => {
      const [feed] = regularFeeds(history, now, { hasLots: false }, [ordered('2026-11-30')])
      expect(feed).toMatchObject({ prochaineDate: '2026-12-14', commande: { tonnes: 7.5, jour: '2026-11-30' } })
    })

    it('two orders of the same feed add up, the habit resumes from the later one', () => {
      const [feed] = regularFeeds(history, now, { hasLots: false }, [ordered('2026-11-30', 6), ordered('2026-12-02')])
      expect(feed).toMatchObject({ prochaineDate: '2026-12-16', commande: { tonnes: 13.5, jour: '2026-12-02' } })
    })

    it('an order of another address, another article, a lot, or for before the last delivery changes nothing', () => {
      const others = [
        ordered('2026-11-30', 7.5, { numAdresse: 2 }),
        ordered('2026-11-30', 7.5, { numArticle: '410109' }),
        ordered('2026-11-30', 7.5, { numLot: 'L1' }),
        ordered('2026-11-10'),
        ordered('2026-11-30', 0),
      ]
      const [feed] = regularFeeds(history, now, { hasLots: false }, others)
      expect(feed).toMatchObject({ prochaineDate: '2026-11-26', commande: null })
    })

    it('a habit overdue but ordered again is kept: the farmer buys it still', () => {
      const late = paris('2026-12-20T10:00')
      expect(regularFeeds(history, late)).toEqual([])
      expect(regularFeeds(history, late, { hasLots: false }, [ordered('2026-12-21')])).toHaveLength(1)
    })
  })
})
