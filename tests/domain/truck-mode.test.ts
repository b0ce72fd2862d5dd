import { describe, expect, it } from 'vitest'
import { resolveCodeModeCamion, truckModeChoices, validateTruckMode } from '../../src/domain/truck-mode'
import { MODE_CAMION_VARIANTE_PANIER } from '../../src/domain/constants'
import type { ModeCamion } from '../../src/domain/types'
import { typographie } from '../../src/domain/typography'

const modes: ModeCamion[] = [
  { code: 'VIS', libelle: 'Vis', libelleOption: null, minQuantite: null, maxQuantite: 27, delaiMinLivraison: null },
  {
    code: 'VISP',
    libelle: 'Vis',
    libelleOption: 'Petit camion',
    minQuantite: null,
    maxQuantite: 17,
    delaiMinLivraison: null,
  },
  { code: 'BENNE', libelle: 'Benne', libelleOption: null, minQuantite: 25, maxQuantite: 29, delaiMinLivraison: 48 },
]

describe('truck mode', () => {
  it('the user picks a label, then optionally an option; the code defaults to VIS', () => {
    expect(truckModeChoices(modes)).toEqual([
      { libelle: 'Vis', libelleOption: 'Petit camion' },
      { libelle: 'Benne', libelleOption: null },
    ])
    expect(resolveCodeModeCamion(modes, 'Vis', true)).toBe('VISP')
    expect(resolveCodeModeCamion(modes, 'Vis', false)).toBe('VIS')
    expect(resolveCodeModeCamion(modes, 'Benne', true)).toBe('BENNE')
    expect(resolveCodeModeCamion(modes, null, false)).toBe('VIS')
    expect(resolveCodeModeCamion(modes, 'Inconnu', false)).toBe('VIS')
  })
  it("Le mode camion sélectionné n'est pas compatible avec la quantité saisie : minimum {n}t", () => {
    expect(validateTruckMode('BENNE', 20, modes)).toBe(
      typographie("Le mode camion sélectionné n'est pas compatible avec la quantité saisie : minimum 25t"),
    )
  })
  it('… : maximum {n}t', () => {
    expect(validateTruckMode('VISP', 18, modes)).toBe(
      typographie("Le mode camion sélectionné n'est pas compatible avec la quantité saisie : maximum 17t"),
    )
    expect(validateTruckMode('FOND', 28, [])).toBe(
      typographie("Le mode camion sélectionné n'est pas compatible avec la quantité saisie : maximum 27t"),
    )
    expect(validateTruckMode('VIS', 27, modes)).toBeNull()
  })
  it('truck mode is required', () => {
    expect(validateTruckMode('', 10, modes)).toBe('Requis')
  })
  it("the cart document's variant keeps its curly apostrophe", () => {
    expect(MODE_CAMION_VARIANTE_PANIER.min('25')).toBe(
      typographie('Le mode camion sélectionné n’est pas compatible avec la quantité saisie : minimum 25t'),
    )
  })
})
