// The history's quick-add checks a copied line with the same rules as the form and the server
// (ordering-area §4 "The session login time is stored and affects the pivot rule").
import { describe, expect, it } from 'vitest'
import {
  quickAddPlaceWarnings,
  toCartLine,
  toDuplicable,
  validateQuickAdd,
  type DuplicableLine,
  type QuickAddValues,
} from '../../src/app/features/history/quick-add-lines'
import type { Batiment } from '../../src/contract/exploitations'
import type { LigneLivraison } from '../../src/contract/livraisons'
import { MESSAGES } from '../../src/domain/constants'
import { allowedSiloTypes, ownBuilding } from '../../src/domain/storage-places'
import type { CartLine } from '../../src/domain/types'
import { DEFAULT_ORDER_PARAMETERS } from '../../src/domain/order-parameters'
import { paris } from '../domain/helpers'

const line: DuplicableLine = {
  key: 'L1-1',
  numArticle: '410101',
  libelleArticle: 'VL Production 18 % vrac',
  codeTypeArticle: 'A',
  codeFamilleArticle: '41010',
  numAdresse: 1,
  numExploitation: 1,
  numBatiment: 11,
  numLot: null,
  quantiteLivree: 10,
  artCommandable: true,
  contraintes: null,
}
const values: QuickAddValues = {
  datePrevueLivraison: '2026-11-24',
  finDatePrevueLivraison: '2026-11-26',
  matinApmidi: 'ID',
  finMatinApmidi: 'ID',
  codeTypeSilo1: '001',
  codeTypeSilo2: null,
  codeTypeSilo3: null,
}

describe('quick-add: the session login time affects the pivot rule', () => {
  // Monday 10:15, after the 10:00 pivot but within the 30 minutes a morning session adds.
  const now = paris('2026-11-23T10:15')
  it('signed in at 09:50: the next day is still allowed, as in the form and on the server', () => {
    expect(
      validateQuickAdd(values, [line], [], now, DEFAULT_ORDER_PARAMETERS, paris('2026-11-23T09:50'))
        .datePrevueLivraison,
    ).toBeUndefined()
  })
  it('signed in after the pivot (or unknown): the next day is refused', () => {
    expect(
      validateQuickAdd(values, [line], [], now, DEFAULT_ORDER_PARAMETERS, paris('2026-11-23T10:05'))
        .datePrevueLivraison,
    ).toMatch(/^La date/)
    expect(validateQuickAdd(values, [line], [], now, DEFAULT_ORDER_PARAMETERS, null).datePrevueLivraison).toMatch(
      /^La date/,
    )
  })
})

describe('quick-add: invalid building or storage values are dropped (ordering-area §5)', () => {
  const batiments: Batiment[] = [
    { numBatiment: 11, numExploitation: 1, libelle: 'Poulailler 1', codeFiliere: '60', typesSilo: [{ code: 'B11' }] },
  ]
  const delivered = (numBatiment: number | null): LigneLivraison => ({
    numLivraison: 'L1',
    numLigne: 1,
    dateEffectiveLivraison: '2026-10-02',
    numArticle: '450202',
    libelleArticle: 'Poulet démarrage',
    codeTypeArticle: 'A',
    codeFamilleArticle: '45020',
    codeDepartement: '45',
    codeFiliere: '60',
    artCommandable: true,
    quantiteLivree: 8,
    codeModeCamion: 'VIS',
    numAdresse: 1,
    numExploitation: 1,
    numBatiment,
    numLot: null,
    contraintesLivraison: null,
  })
  it("a delivery's building is copied while it is the customer's, dropped once it is not", () => {
    expect(toDuplicable(delivered(11), batiments).numBatiment).toBe(11)
    expect(toDuplicable(delivered(99), batiments).numBatiment).toBeNull()
    expect(toDuplicable(delivered(11), []).numBatiment).toBeNull()
    // The dropped building's silo types go with it: only the defaults remain for the places.
    const copy = toDuplicable(delivered(99), batiments)
    const allowed = allowedSiloTypes(ownBuilding(batiments, copy.numBatiment), ['001'])
    expect(toCartLine(copy, { ...values, codeTypeSilo1: 'B11', codeTypeSilo2: '001' }, allowed)).toMatchObject({
      numBatiment: null,
      codeTypeSilo1: '001',
      codeTypeSilo2: null,
    })
  })
})

describe("quick-add: 'Ce lieu de stockage est déjà prévu pour une autre commande de votre panier à la même date'", () => {
  const cartLine: CartLine = {
    idLigne: '001',
    numAdresse: 1,
    datePrevueLivraison: '2026-11-25',
    finDatePrevueLivraison: '2026-11-25',
    codeTypeSilo1: '001',
  }
  const allowAll = () => ['001', '002', 'B11', '997']
  it('warns under a place a cart line already plans at the same address on overlapping dates, as the form does', () => {
    const typed = { ...values, codeTypeSilo1: '002', codeTypeSilo2: '001' }
    expect(quickAddPlaceWarnings(typed, [line], [cartLine], allowAll)).toEqual({
      codeTypeSilo1: null,
      codeTypeSilo2: MESSAGES.lieuDejaPrevu,
      codeTypeSilo3: null,
    })
    // Another address, other dates, another place: no warning.
    expect(quickAddPlaceWarnings(typed, [{ ...line, numAdresse: 2 }], [cartLine], allowAll).codeTypeSilo2).toBeNull()
    expect(
      quickAddPlaceWarnings(
        { ...typed, datePrevueLivraison: '2026-11-27', finDatePrevueLivraison: '2026-11-30' },
        [line],
        [cartLine],
        allowAll,
      ).codeTypeSilo2,
    ).toBeNull()
    expect(quickAddPlaceWarnings(values, [line], [{ ...cartLine, codeTypeSilo1: '002' }], allowAll)).toEqual({
      codeTypeSilo1: null,
      codeTypeSilo2: null,
      codeTypeSilo3: null,
    })
  })
  it('two selected lines for one address share the place too; a line that will not be added does not count', () => {
    const two = [line, { ...line, key: 'L1-2', numArticle: '410104' }]
    expect(quickAddPlaceWarnings(values, two, [], allowAll).codeTypeSilo1).toBe(MESSAGES.lieuDejaPrevu)
    expect(
      quickAddPlaceWarnings(values, [line, { ...two[1]!, artCommandable: false }], [], allowAll).codeTypeSilo1,
    ).toBeNull()
    // A place the line's building does not allow is dropped, so it cannot clash.
    expect(quickAddPlaceWarnings(values, [line], [cartLine], () => ['002']).codeTypeSilo1).toBeNull()
  })
})
