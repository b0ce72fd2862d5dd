import { describe, expect, it } from 'vitest'
import {
  allowedSiloTypes,
  autreLieuTexte,
  emptyPlaces,
  encodeAutreLieu,
  sanitizePlaces,
  validateStoragePlaces,
  visiblePlaceCount,
} from '../../src/domain/storage-places'
import { placeOverlapWarnings } from '../../src/domain/cart-checks'

describe('storage places', () => {
  it('up to 3 in order: the second appears once the first is filled, the third once the second is', () => {
    expect(visiblePlaceCount({})).toBe(1)
    expect(visiblePlaceCount({ codeTypeSilo1: 'S1' })).toBe(2)
    expect(visiblePlaceCount({ codeTypeSilo1: 'S1', codeTypeSilo2: 'S2', codeTypeSilo3: 'S3' })).toBe(3)
  })
  it('Veuillez renseigner au moins un lieu de livraison (the first place is required)', () => {
    expect(validateStoragePlaces({}).codeTypeSilo1).toBe('Veuillez renseigner au moins un lieu de livraison')
    expect(validateStoragePlaces({ codeTypeSilo1: 'S1' }).codeTypeSilo1).toBeNull()
  })
  it('997 "Autre" with 3 to 20 characters', () => {
    expect(encodeAutreLieu(' Hangar ')).toBe('997:Hangar')
    expect(autreLieuTexte('997:Hangar')).toBe('Hangar')
    expect(validateStoragePlaces({ codeTypeSilo1: '997:ab' }).codeTypeSilo1).toBe(
      'Le lieu de stockage doit contenir entre 3 et 20 caractères',
    )
    expect(validateStoragePlaces({ codeTypeSilo1: `997:${'x'.repeat(21)}` }).codeTypeSilo1).not.toBeNull()
    expect(validateStoragePlaces({ codeTypeSilo1: '997:abc' }).codeTypeSilo1).toBeNull()
    expect(validateStoragePlaces({ codeTypeSilo1: `997:${'x'.repeat(20)}` }).codeTypeSilo1).toBeNull()
  })
  it("valid only among the building's silo types or the defaults (Afficher plus adds Autre)", () => {
    const allowed = allowedSiloTypes({ numBatiment: 1, typesSilo: [{ code: 'B1' }, 'B2'] }, ['D1'])
    expect(allowed).toEqual(['B1', 'B2', 'D1', '997'])
    expect(validateStoragePlaces({ codeTypeSilo1: 'ZZ' }, allowed).codeTypeSilo1).toBe('Lieu de stockage non reconnu')
    expect(validateStoragePlaces({ codeTypeSilo1: 'D1', codeTypeSilo2: '997:Hangar' }, allowed)).toEqual({
      codeTypeSilo1: null,
      codeTypeSilo2: null,
      codeTypeSilo3: null,
    })
  })
  it('invalid storage values are dropped and the gaps closed; choosing a building clears the places', () => {
    expect(
      sanitizePlaces({ codeTypeSilo1: 'ZZ', codeTypeSilo2: 'B1', codeTypeSilo3: '997:Hangar' }, ['B1', '997']),
    ).toEqual({
      codeTypeSilo1: 'B1',
      codeTypeSilo2: '997:Hangar',
      codeTypeSilo3: null,
    })
    expect(emptyPlaces()).toEqual({ codeTypeSilo1: null, codeTypeSilo2: null, codeTypeSilo3: null })
  })
  it('Ce lieu de stockage est déjà prévu pour une autre commande de votre panier à la même date', () => {
    const a = {
      idLigne: '001',
      numAdresse: 1,
      datePrevueLivraison: '2026-11-24',
      finDatePrevueLivraison: '2026-11-26',
      codeTypeSilo1: 'S1',
      codeTypeSilo2: 'S2',
    }
    const b = {
      idLigne: '002',
      numAdresse: 1,
      datePrevueLivraison: '2026-11-26',
      finDatePrevueLivraison: '2026-11-27',
      codeTypeSilo1: 'S2',
    }
    expect(placeOverlapWarnings(a, [b])).toEqual({
      codeTypeSilo1: null,
      codeTypeSilo2: 'Ce lieu de stockage est déjà prévu pour une autre commande de votre panier à la même date',
      codeTypeSilo3: null,
    })
    expect(placeOverlapWarnings(a, [{ ...b, datePrevueLivraison: '2026-11-27' }]).codeTypeSilo2).toBeNull()
    expect(placeOverlapWarnings(a, [{ ...b, numAdresse: 2 }]).codeTypeSilo2).toBeNull()
  })
})
