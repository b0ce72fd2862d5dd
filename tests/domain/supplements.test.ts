import { describe, expect, it } from 'vitest'
import { offeredSupplementations, toggleSupplementation, validateSupplementations } from '../../src/domain/supplements'
import { mineralMax, validateMineralQuantity, validateMineraux } from '../../src/domain/minerals'
import { typographie } from '../../src/domain/typography'

const aa1 = { numArticle: 'A1', codeSousTypeArticle: 'AA', groupe: 'G1' }
const aa2 = { numArticle: 'A2', codeSousTypeArticle: 'AA', groupe: 'G2' }
const su1 = { numArticle: 'S1', codeSousTypeArticle: 'SU', groupe: 'G3' }
const su2 = { numArticle: 'S2', codeSousTypeArticle: 'SU', groupe: 'G3' }
const xx = { numArticle: 'X1', codeSousTypeArticle: 'XX', groupe: 'G4' }

describe('supplementations', () => {
  it('Supplémentations incompatibles (one sub-type)', () => {
    expect(validateSupplementations([aa1, su1])).toBe('Supplémentations incompatibles')
    expect(validateSupplementations([su1])).toBeNull()
    expect(validateSupplementations([])).toBeNull()
  })
  it('max {n} supplémentation(s) de ce type pour cet article (at most one AA)', () => {
    expect(validateSupplementations([aa1, aa2])).toBe('max 1 supplémentation(s) de ce type pour cet article')
  })
  it('one per group', () => {
    expect(validateSupplementations([su1, su2])).toBe('Supplémentations incompatibles')
    expect(toggleSupplementation([su1], su2)).toEqual([su2])
    expect(toggleSupplementation([su2], su2)).toEqual([])
  })
  it('once AA or SU is chosen, only that sub-type is offered', () => {
    const all = [aa1, aa2, su1, su2, xx]
    expect(offeredSupplementations(all, [aa1])).toEqual([aa1, aa2])
    expect(offeredSupplementations(all, [su1])).toEqual([su1, su2])
    expect(offeredSupplementations(all, [])).toEqual(all)
  })
})

describe('minerals', () => {
  it('Veuillez renseigner une quantité de mineraux voulue (required, numeric, above 0)', () => {
    for (const bad of [null, '', 'x', 0, -1])
      expect(validateMineralQuantity(bad)).toBe('Veuillez renseigner une quantité de mineraux voulue')
  })
  it('Veuillez renseigner une valeur maximale ou égale à {max} % (mineral max 15 % by default)', () => {
    expect(validateMineralQuantity(16)).toBe(typographie('Veuillez renseigner une valeur maximale ou égale à 15 %'))
    expect(validateMineralQuantity('2,5')).toBeNull()
    expect(validateMineralQuantity(15)).toBeNull()
    expect(mineralMax({ quantiteMaxMineral: 8 })).toBe(8)
    expect(mineralMax(null)).toBe(15)
  })
  it('each mineral of a line', () => {
    expect(
      validateMineraux([
        { numArticle: 'M1', quantiteCommande: 2 },
        { numArticle: 'M2', quantiteCommande: null },
      ]),
    ).toEqual({
      M2: 'Veuillez renseigner une quantité de mineraux voulue',
    })
  })
})
