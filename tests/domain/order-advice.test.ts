import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { validateDeliveryWindow } from '../../src/domain/delivery-window'
import { advisedLine } from '../../src/domain/order-advice'
import { quantityBounds, validateQuantity } from '../../src/domain/quantity'
import { validateSlots } from '../../src/domain/slots'
import { validateTruckMode } from '../../src/domain/truck-mode'
import { arbNow, paris } from './helpers'

describe('the advised line passes the order-line form rules as it is', () => {
  it('quantity, truck mode and window are valid for any need, article limits and usual truck', () => {
    fc.assert(
      fc.property(
        arbNow,
        fc.integer({ min: 1, max: 400 }).map((n) => n / 8),
        fc.integer({ min: 0, max: 40 }),
        fc.option(
          fc.record({
            quantiteMin: fc.option(fc.integer({ min: 0, max: 10 })),
            quantiteMax: fc.option(fc.integer({ min: 1, max: 29 })),
          }),
        ),
        fc.constantFrom('VIS', 'VISP', 'PNEU', 'PNEUP', 'BENNE', 'FOND', null),
        (now, besoin, offset, contraintesArticle, codeModeCamion) => {
          const line = advisedLine({
            now,
            besoin,
            jourBesoin: now.plus({ days: offset }).toISODate()!,
            contraintesArticle,
            codeModeCamion,
          })
          expect(validateQuantity(line.quantite, quantityBounds(contraintesArticle))).toBe(null)
          const bounds = quantityBounds(contraintesArticle)
          // An article whose limits no truck can carry (min ≥ max beyond the auger truck) is the form's business.
          if (bounds.min <= 27) expect(validateTruckMode(line.codeModeCamion, line.quantite, null)).toBe(null)
          if (line.fenetre) {
            expect(
              validateDeliveryWindow(line.fenetre.datePrevueLivraison, line.fenetre.finDatePrevueLivraison, {
                now,
                codeModeCamion: line.codeModeCamion,
              }),
            ).toEqual({ datePrevueLivraison: null, finDatePrevueLivraison: null })
            expect(validateSlots({ idLigne: '', ...line.fenetre, ...line.creneaux })).toEqual({
              matinApmidi: null,
              finMatinApmidi: null,
            })
          }
        },
      ),
      { numRuns: 300 },
    )
  })
})

describe('an advised window on a single day (issue 43)', () => {
  it('the need is the first allowed day: that day alone, from Début de journée to Fin de journée, never ID → ID', () => {
    // Monday 30/11/2026 at 8:00: the first allowed day is Tuesday 01/12, the day the feed is needed.
    const line = advisedLine({ now: paris('2026-11-30T08:00'), besoin: 6, jourBesoin: '2026-12-01' })
    expect(line.fenetre).toEqual({ datePrevueLivraison: '2026-12-01', finDatePrevueLivraison: '2026-12-01' })
    expect(line.creneaux).toEqual({ matinApmidi: 'JS', finMatinApmidi: 'J1' })
    expect(validateSlots({ idLigne: '', ...line.fenetre, ...line.creneaux }).finMatinApmidi).toBeNull()
    // Further ahead, a window of several days keeps the spec's default slot, ID.
    const later = advisedLine({ now: paris('2026-11-30T08:00'), besoin: 6, jourBesoin: '2026-12-09' })
    expect(later.fenetre!.datePrevueLivraison < later.fenetre!.finDatePrevueLivraison).toBe(true)
    expect(later.creneaux).toEqual({ matinApmidi: 'ID', finMatinApmidi: 'ID' })
  })
})
