import { describe, expect, it } from 'vitest'
import { lotForecast, withQueuedTonnes, type ForecastLot, type ForecastTranche } from '../../src/domain/forecast-lots'
import { advisedLine, adviceQuantity } from '../../src/domain/order-advice'
import { ceilToStep, latestOrderMoment, orderMomentText, truckForNeed } from '../../src/domain/latest-order-moment'
import { paris } from './helpers'

const now = paris('2026-11-23T20:00') // Monday evening, after the pivot
const tranche = (
  ageMini: number,
  ageMaxi: number,
  quantite: number,
  numArticle: string,
  artCommandable = true,
): ForecastTranche => ({
  ageMini,
  ageMaxi,
  quantite,
  articles: [{ numArticle, libelle: `Aliment ${numArticle}`, artCommandable }],
})
const STANDARD = [
  tranche(0, 10, 0.3, 'A1'),
  tranche(11, 24, 1.2, 'A2'),
  tranche(25, 35, 1.5, 'A3'),
  tranche(36, 42, 0.9, 'A4'),
]
const lot = (over: Partial<ForecastLot> = {}): ForecastLot => ({
  numLot: 'VL1',
  dateMep: '2026-11-13',
  nbAnimaux: 20000,
  quantitesCommandees: {},
  plansAlimentation: [
    { principal: true, libelle: 'Standard', dateDebut: '2026-11-01', dateFin: '2027-01-31', tranches: STANDARD },
  ],
  ...over,
})

describe('lot forecast', () => {
  it('the need is the orderable quantity minus what was ordered, rounded up to the 0.5 t step', () => {
    expect(ceilToStep(21.4)).toBe(21.5)
    expect(ceilToStep(21.5)).toBe(21.5)
    expect(ceilToStep(0.001)).toBe(0.5)
    // Tranche 1 (6 t) ordered: tranche 2 needs 24 t − 1.3 t = 22.7 → 23 t, from placement + 11 days.
    const f = lotForecast(lot({ quantitesCommandees: { A1: 6, A2: 1.3 } }), now)
    expect(f).toMatchObject({
      kind: 'tranche',
      trancheIndex: 1,
      besoin: 23,
      jourBesoin: '2026-11-24',
      article: { numArticle: 'A2' },
    })
  })
  it('A tranche is orderable and recommended only if it is not complete and the previous tranche is complete: the advice never skips one', () => {
    // Placed 30 days ago, nothing ordered: tranches 1 and 2 are over, yet tranche 1 is the only
    // orderable one (the lots screen and the server refuse tranche 3): it is the one advised, late.
    expect(lotForecast(lot({ dateMep: '2026-10-24' }), now)).toMatchObject({
      kind: 'tranche',
      trancheIndex: 0,
      jourBesoin: '2026-10-24',
    })
    // Tranches 1 and 2 complete: tranche 3 is being fed.
    expect(lotForecast(lot({ dateMep: '2026-10-24', quantitesCommandees: { A1: 6, A2: 24 } }), now)).toMatchObject({
      kind: 'tranche',
      trancheIndex: 2,
      jourBesoin: '2026-11-18',
    })
    // A lot whose every tranche is over needs nothing more.
    expect(lotForecast(lot({ dateMep: '2026-09-01' }), now)).toMatchObject({ kind: 'rien' })
    // 80 % ordered covers a tranche.
    expect(lotForecast(lot({ quantitesCommandees: { A1: 4.8 } }), now)).toMatchObject({
      kind: 'tranche',
      trancheIndex: 1,
    })
  })
  it('nothing to order when every tranche still to feed is covered', () => {
    expect(lotForecast(lot({ quantitesCommandees: { A1: 6, A2: 24, A3: 30, A4: 18 } }), now)).toMatchObject({
      kind: 'rien',
    })
  })
  it('no forecast without a plan within its dates (the principal first)', () => {
    const plans = lot().plansAlimentation
    expect(lotForecast(lot({ plansAlimentation: [{ ...plans[0]!, dateDebut: '2026-12-01' }] }), now)).toEqual({
      kind: 'sans-plan',
    })
    const other = { ...plans[0]!, principal: false, libelle: 'Autre', tranches: [tranche(0, 60, 1, 'B1')] }
    expect(
      lotForecast(lot({ plansAlimentation: [other, { ...plans[0]!, dateFin: '2026-11-01' }] }), now),
    ).toMatchObject({ plan: { libelle: 'Autre' } })
  })
  it('the article to order is the first orderable one of the tranche', () => {
    const t = {
      ...tranche(11, 24, 1.2, 'X'),
      articles: [
        { numArticle: 'X', libelle: 'X', artCommandable: false },
        { numArticle: 'Y', libelle: 'Y', artCommandable: true },
      ],
    }
    const plans = [{ ...lot().plansAlimentation[0]!, tranches: [tranche(0, 10, 0.3, 'A1'), t] }]
    expect(lotForecast(lot({ plansAlimentation: plans, quantitesCommandees: { A1: 6 } }), now)).toMatchObject({
      article: { numArticle: 'Y' },
    })
  })
})

describe('advised order', () => {
  it('the quantity of one line stays within the article and the truck: 37 t by auger truck is 27 t', () => {
    expect(adviceQuantity(37, {})).toBe(27)
    expect(adviceQuantity(3.2, { contraintesArticle: { quantiteMin: 5, quantiteMax: 29 } })).toBe(5)
    expect(adviceQuantity(3.2, { contraintesArticle: { quantiteMin: 1, quantiteMax: 1 } })).toBe(1)
  })
  it('a truck mode the need does not fill falls back to the auger truck', () => {
    expect(truckForNeed(10, { codeModeCamion: 'BENNE' })).toBe('VIS')
    expect(truckForNeed(26, { codeModeCamion: 'BENNE' })).toBe('BENNE')
    expect(
      advisedLine({
        now,
        besoin: 26,
        jourBesoin: '2026-12-04',
        codeModeCamion: 'BENNE',
        contraintesArticle: { quantiteMax: 15 },
      }).codeModeCamion,
    ).toBe('VIS')
  })
  it('"À commander avant le …" with the window ending on the day needed', () => {
    expect(orderMomentText(latestOrderMoment(now, '2026-11-27', {}))).toBe(
      'À commander avant le jeudi 26/11/2026 à 10:00',
    )
    expect(advisedLine({ now, besoin: 23, jourBesoin: '2026-11-27' })).toEqual({
      quantite: 23,
      codeModeCamion: 'VIS',
      fenetre: { datePrevueLivraison: '2026-11-25', finDatePrevueLivraison: '2026-11-27' },
      creneaux: { matinApmidi: 'ID', finMatinApmidi: 'ID' },
    })
  })
})

describe('orders not yet received count as ordered', () => {
  it('a lot with the outbox’s tonnes added: the tranche they cover is no longer advised', () => {
    const ordered = lot({ quantitesCommandees: { A1: 6 } })
    expect(lotForecast(ordered, now)).toMatchObject({ kind: 'tranche', trancheIndex: 1, besoin: 24 })
    const queued = withQueuedTonnes(ordered, { A2: 24 })
    expect(queued.quantitesCommandees).toEqual({ A1: 6, A2: 24 })
    expect(lotForecast(queued, now)).toMatchObject({ kind: 'tranche', trancheIndex: 2 })
    expect(withQueuedTonnes(ordered, undefined)).toBe(ordered)
  })
})
