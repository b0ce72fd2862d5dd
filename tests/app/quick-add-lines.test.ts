// The history's quick-add checks a copied line with the same rules as the form and the server
// (ordering-area §4 "The session login time is stored and affects the pivot rule").
import { describe, expect, it } from 'vitest'
import {
  validateQuickAdd,
  type DuplicableLine,
  type QuickAddValues,
} from '../../src/app/features/history/quick-add-lines'
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
