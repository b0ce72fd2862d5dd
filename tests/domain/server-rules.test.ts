// The rules the issue found broken, named after the spec's wording (ordering-area §4, §5;
// cart-orders-admin §5 "Submission preparation"): the form, the quick-add and the server use
// these same functions.
import { DateTime } from 'luxon'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DATE_INEXISTANTE, IsoDate } from '../../src/contract/common'
import * as v from 'valibot'
import { CONTRAT_REFUS, contractRefusal } from '../../src/domain/contracts'
import { isFamille461, minGapDays } from '../../src/domain/delivery-window'
import {
  isLotArticleOrderable,
  planTrancheStates,
  TRANCHE_REFUS,
  trancheRefusal,
  type LotPlans,
} from '../../src/domain/feeding-plan'
import { DEFAULT_ORDER_PARAMETERS } from '../../src/domain/order-parameters'
import { CRENEAU_INCONNU, validateOrderLine } from '../../src/domain/order-line'
import { prepareLine, restoreAutreLieux, withAutreInComment } from '../../src/domain/submission'
import { MODE_CAMION_INCONNU, validateTruckMode } from '../../src/domain/truck-mode'
import { paris } from './helpers'

const now = paris('2026-11-23T08:30')

describe('minimum gap 1 day for family 461', () => {
  it('family 461 is every 5-digit family code starting with 461', () => {
    expect(isFamille461('46110')).toBe(true)
    expect(isFamille461('461')).toBe(true)
    expect(isFamille461('45110')).toBe(false)
    expect(isFamille461(null)).toBe(false)
    expect(minGapDays('46110', 'VIS')).toBe(1)
  })
})

describe("storage place is valid only if it is among the building's silo types (or the defaults)", () => {
  const line = {
    idLigne: '001',
    numArticle: '410102',
    quantiteCommande: 5,
    codeModeCamion: 'VIS',
    numAdresse: 1,
    datePrevueLivraison: '2026-11-25',
    finDatePrevueLivraison: '2026-11-27',
    matinApmidi: 'ID',
    finMatinApmidi: 'ID',
  }
  const placeErrors = (
    over: Record<string, unknown>,
    batiment: { numBatiment: number; typesSilo: string[] } | null = null,
  ) =>
    validateOrderLine(
      { ...line, ...over },
      { now, params: { ...DEFAULT_ORDER_PARAMETERS, typesSiloDefault: ['001', '010'] }, batiment },
    ).filter((e) => e.field.startsWith('codeTypeSilo'))
  it('with no building, only the defaults and Autre', () => {
    expect(placeErrors({ codeTypeSilo1: '999' })).toHaveLength(1)
    expect(placeErrors({ codeTypeSilo1: '010' })).toEqual([])
    expect(placeErrors({ codeTypeSilo1: '997:Silo du fond' })).toEqual([])
  })
  it('with a building, its silo types too', () => {
    expect(placeErrors({ codeTypeSilo1: '005' }, { numBatiment: 12, typesSilo: ['005'] })).toEqual([])
    expect(placeErrors({ codeTypeSilo1: '006' }, { numBatiment: 12, typesSilo: ['005'] })).toHaveLength(1)
  })
})

describe("a storage place whose code starts with '997:' has the text after it added to the line comment and the code replaced by 997", () => {
  it('the server restores the words from the comment, so the same rules check them', () => {
    const sent = withAutreInComment({
      codeTypeSilo1: '001',
      codeTypeSilo2: '997:Silo du fond',
      commentaire: 'Portail vert; ouvert',
    })
    expect(sent).toEqual({
      codeTypeSilo1: '001',
      codeTypeSilo2: '997',
      commentaire: 'Portail vert; ouvert; Silo du fond',
    })
    expect(restoreAutreLieux(sent)).toEqual({
      codeTypeSilo1: '001',
      codeTypeSilo2: '997:Silo du fond',
      commentaire: 'Portail vert; ouvert',
    })
  })
  it('round-trips any words and comment (prepareLine then restore gives the Autre places back)', () => {
    const words = fc
      .string({ minLength: 3, maxLength: 20 })
      .map((s) => s.replace(/;/g, ',').trim())
      .filter((s) => s.length >= 3 && !s.includes('; '))
    fc.assert(
      fc.property(
        fc.array(words, { minLength: 1, maxLength: 3 }),
        fc.option(fc.string({ maxLength: 40 }).map((s) => s.trim())),
        (autres, commentaire) => {
          const places = Object.fromEntries(autres.map((w, i) => [`codeTypeSilo${i + 1}`, `997:${w}`]))
          const sent = prepareLine({ idLigne: '001', ...places, commentaire })
          const back = restoreAutreLieux(sent)
          autres.forEach((w, i) => expect(back[`codeTypeSilo${i + 1}` as 'codeTypeSilo1']).toBe(`997:${w}`))
        },
      ),
    )
  })
  it('997 with no words left in the comment is refused by the 3-to-20-characters rule', () => {
    const back = restoreAutreLieux({ codeTypeSilo1: '997', commentaire: null })
    expect(back.codeTypeSilo1).toBe('997:')
    const errors = validateOrderLine({ idLigne: '001', ...back }, { now })
    expect(errors).toContainEqual({
      field: 'codeTypeSilo1',
      message: 'Le lieu de stockage doit contenir entre 3 et 20 caractères',
    })
  })
})

describe('a tranche is orderable and recommended only if it is not complete and the previous tranche is complete', () => {
  const lot: LotPlans = {
    nbAnimaux: 1000,
    quantitesCommandees: { A1: 1, A2: 0.5 },
    plansAlimentation: [
      {
        dateDebut: '2026-11-01',
        dateFin: '2026-12-31',
        tranches: [
          { ageMini: 0, ageMaxi: 10, quantite: 1, articles: [{ numArticle: 'A1' }] },
          { ageMini: 11, ageMaxi: 20, quantite: 2, articles: [{ numArticle: 'A2' }] },
          { ageMini: 21, ageMaxi: 30, quantite: 3, articles: [{ numArticle: 'A3' }] },
        ],
      },
      {
        dateDebut: '2026-12-01',
        dateFin: '2026-12-31',
        tranches: [{ ageMini: 0, ageMaxi: 10, quantite: 1, articles: [{ numArticle: 'B1' }] }],
      },
    ],
  }
  it('each tranche says why it cannot be ordered', () => {
    const states = planTrancheStates(lot, lot.plansAlimentation[0]!)
    expect(states.map((s) => trancheRefusal(s, true))).toEqual([
      TRANCHE_REFUS.complete,
      null,
      TRANCHE_REFUS.precedenteIncomplete,
    ])
    expect(trancheRefusal(states[1], false)).toBe(TRANCHE_REFUS.planHorsDates)
  })
  it('an article may be ordered for a lot only from an orderable tranche of a current plan', () => {
    expect(isLotArticleOrderable(lot, 'A2', now)).toBe(true)
    expect(isLotArticleOrderable(lot, 'A1', now)).toBe(false)
    expect(isLotArticleOrderable(lot, 'A3', now)).toBe(false)
    expect(isLotArticleOrderable(lot, 'B1', now)).toBe(false)
    expect(isLotArticleOrderable(lot, 'ZZ', now)).toBe(false)
  })
})

describe('truck mode and slots are among the known codes', () => {
  const modes = [{ code: 'VIS', libelle: 'Camion souffleur', minQuantite: null, maxQuantite: null }]
  it('an unknown truck mode is refused when the modes are known', () => {
    expect(validateTruckMode('ZZZ', 5, modes)).toBe(MODE_CAMION_INCONNU)
    expect(validateTruckMode('VIS', 5, modes)).toBeNull()
  })
  it('an unknown slot is refused when the slots are known', () => {
    const errors = validateOrderLine(
      { idLigne: '001', matinApmidi: 'XX', finMatinApmidi: 'ID' },
      { now, creneaux: ['ID', 'JM'] },
    )
    expect(errors).toContainEqual({ field: 'matinApmidi', message: CRENEAU_INCONNU })
  })
})

describe("a line may name only one of the customer's contracts, for its article, not ended", () => {
  it('refusals', () => {
    const c = { numContrat: 'C1', numArticle: '410101', dateFin: '2026-12-31' }
    expect(contractRefusal(undefined, '410101', now)).toBe(CONTRAT_REFUS.inconnu)
    expect(contractRefusal(c, '410102', now)).toBe(CONTRAT_REFUS.autreArticle)
    expect(contractRefusal({ ...c, dateFin: '2026-11-22' }, '410101', now)).toBe(CONTRAT_REFUS.termine)
    expect(contractRefusal(c, '410101', now)).toBeNull()
  })
})

describe('dates cross the API as real days', () => {
  it('a yyyy-mm-dd string is accepted exactly when luxon finds it valid (years 1900 to 2999)', () => {
    const part = (n: number) => String(n).padStart(2, '0')
    fc.assert(
      fc.property(
        fc.integer({ min: 1900, max: 2999 }),
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 0, max: 99 }),
        (y, m, d) => {
          const s = `${y}-${part(m)}-${part(d)}`
          expect(v.safeParse(IsoDate, s).success).toBe(DateTime.fromISO(s).isValid)
        },
      ),
    )
    for (const s of ['2026-02-30', '0000-00-00', '9999-99-99'])
      expect(v.safeParse(IsoDate, s).issues?.[0]?.message).toBe(DATE_INEXISTANTE)
  })
})
