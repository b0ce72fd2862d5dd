import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  isAlimentSimple,
  lineQuantityBounds,
  parseQuantityInput,
  quantityBounds,
  quantiteMaxAlimentSimple,
  stepQuantity,
  validateQuantity,
} from '../../src/domain/quantity'
import { roundTonnes } from '../../src/domain/tonnes'
import { typographie } from '../../src/domain/typography'

describe('quantity', () => {
  it('Veuillez renseigner une quantité valide (required, numeric, above 0)', () => {
    for (const bad of [null, undefined, '', 'abc', 0, '0', -2, NaN])
      expect(validateQuantity(bad)).toBe('Veuillez renseigner une quantité valide')
    expect(validateQuantity(12)).toBeNull()
  })
  it('Veuillez renseigner une valeur égale à {min} t (when min ≥ max)', () => {
    const b = quantityBounds({ quantiteMin: 25, quantiteMax: 25 })
    expect(validateQuantity(24, b)).toBe(typographie('Veuillez renseigner une valeur égale à 25 t'))
    expect(validateQuantity(25, b)).toBeNull()
  })
  it('Veuillez renseigner une valeur inférieure ou égale à {max} t (otherwise)', () => {
    expect(validateQuantity(16, quantityBounds({ quantiteMax: 15.5 }))).toBe(
      typographie('Veuillez renseigner une valeur inférieure ou égale à 15,5 t'),
    )
    expect(validateQuantity('15,5', quantityBounds({ quantiteMax: 15.5 }))).toBeNull()
  })
  it('absolute 29 t, narrowed by the article constraints, never widened', () => {
    expect(quantityBounds()).toEqual({ min: 0, max: 29 })
    expect(quantityBounds({ quantiteMax: 40, quantiteMin: -3 })).toEqual({ min: 0, max: 29 })
    expect(quantityBounds({ quantiteMin: 2, quantiteMax: 10 })).toEqual({ min: 2, max: 10 })
    expect(validateQuantity(29.5)).toBe(typographie('Veuillez renseigner une valeur inférieure ou égale à 29 t'))
  })
  it('comma decimals, negatives to 0, 3 decimals', () => {
    expect(parseQuantityInput('12,5')).toBe(12.5)
    expect(parseQuantityInput('-4')).toBe(0)
    expect(parseQuantityInput('1,23456')).toBe(1.235)
    expect(parseQuantityInput('abc')).toBeNull()
  })
  it('step 0.5 within the bounds (plus and minus buttons)', () => {
    expect(stepQuantity(10, 1)).toBe(10.5)
    expect(stepQuantity('0,2', -1)).toBe(0)
    expect(stepQuantity(28.8, 1)).toBe(29)
  })
  it('simple feed max 15 t without forward contract and 29 t with', () => {
    expect(quantiteMaxAlimentSimple(false)).toBe(15)
    expect(quantiteMaxAlimentSimple(true)).toBe(29)
  })
  it('a simple feed (aliment simple) is told by its typeAliment; its bounds take the help defaults', () => {
    expect(['Simple', 'Aliment simple', 'SIMPLE'].map((typeAliment) => isAlimentSimple({ typeAliment }))).toEqual([
      true,
      true,
      true,
    ])
    expect(
      ['Complet', 'Complémentaire', null, undefined].map((typeAliment) => isAlimentSimple({ typeAliment })),
    ).toEqual([false, false, false, false])
    const params = { quantiteMaxAlimentSimple: 15, quantiteMaxAlimentSimpleContrat: 29 }
    expect(lineQuantityBounds(null, { alimentSimple: true, avecContrat: false, params })).toEqual({ min: 0, max: 15 })
    expect(lineQuantityBounds(null, { alimentSimple: true, avecContrat: true, params })).toEqual({ min: 0, max: 29 })
    expect(lineQuantityBounds({ quantiteMin: 2 }, { alimentSimple: true, avecContrat: false, params })).toEqual({
      min: 2,
      max: 15,
    })
    expect(lineQuantityBounds(null, { alimentSimple: false, avecContrat: false, params })).toEqual({ min: 0, max: 29 })
  })
  it('tonnes are rounded to 3 decimals by one helper', () => {
    expect(roundTonnes(0.1 + 0.2)).toBe(0.3)
    expect(roundTonnes(1.0005)).toBe(1.001)
    expect(roundTonnes(NaN)).toBe(0)
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), (x) => {
        const r = roundTonnes(x)
        expect(Math.abs(r - x)).toBeLessThanOrEqual(0.0005 + 1e-9)
        expect(roundTonnes(r)).toBe(r)
      }),
    )
  })
})
