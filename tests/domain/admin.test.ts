import { describe, expect, it } from 'vitest'
import {
  activeBannerTexts,
  bannerDateMins,
  copyBannerMessage,
  DATE_BANDEAU_PASSEE,
  referenceLabel,
  shouldSearch,
  splitBannerMessages,
  validateBannerMessage,
  validateParameter,
  validateSearch,
} from '../../src/domain/admin'
import { paris } from './helpers'

describe('administration forms', () => {
  it('Veuillez entrer au minimum 3 caratères (member/article search)', () => {
    expect(validateSearch('ab')).toBe('Veuillez entrer au minimum 3 caratères')
    expect(validateSearch('')).toBeNull()
    expect(validateSearch('abc')).toBeNull()
    expect(shouldSearch('ab')).toBe(false)
  })
  it("HEURE_PIVOT required and numeric ('Valeur invalide'), 'Veuillez entrer une valeur comprise entre 0 et 23'", () => {
    expect(validateParameter('HORAIRE_COMMANDE', 'HEURE_PIVOT', '')).toBe('Valeur invalide')
    expect(validateParameter('HORAIRE_COMMANDE', 'HEURE_PIVOT', 'dix')).toBe('Valeur invalide')
    expect(validateParameter('HORAIRE_COMMANDE', 'HEURE_PIVOT', '24')).toBe(
      'Veuillez entrer une valeur comprise entre 0 et 23',
    )
    expect(validateParameter('HORAIRE_COMMANDE', 'HEURE_PIVOT', '10:00:00')).toBeNull()
    expect(validateParameter('HORAIRE_COMMANDE', 'HEURE_PIVOT', 0)).toBeNull()
  })
  it("durations required ('Valeur invalide')", () => {
    expect(validateParameter('DELAIS_COMMANDE', 'DELAIS_MAX', '')).toBe('Valeur invalide')
    expect(validateParameter('DELAIS_COMMANDE', 'DELAIS_MAX', 'P1M')).toBeNull()
    expect(validateParameter('HORAIRE_COMMANDE', 'DELAIS_HEURE_PIVOT', 'PT30M')).toBeNull()
  })
  it("Integer parameters: tonnage, delay, mineral maximum and holiday alert days are integers ('Valeur invalide')", () => {
    expect(validateParameter('MODE_CAMION_QTE', 'VIS_MAX', 'x')).toBe('Valeur invalide')
    for (const [categorie, code] of [
      ['MODE_CAMION_QTE', 'VIS_MAX'],
      ['MODE_CAMION_DELAI_LIVR', 'BENNE'],
      ['COMMANDE_QTE', 'QTE_MAX_MINERAL'],
      ['PARAMS_APPLI', 'DELAI_ALERTE_FERIES'],
    ])
      for (const value of ['2.5', '2,5', 2.5, '1e3', '-1'])
        expect(validateParameter(categorie, code, value), `${code} ${value}`).toBe('Valeur invalide')
    expect(validateParameter('MODE_CAMION_DELAI_LIVR', 'FOND', '72')).toBeNull()
    expect(validateParameter('COMMANDE_QTE', 'QTE_MAX_MINERAL', '')).toBe('Valeur invalide')
  })
  it("banner message: 'Valeur requise', 'La date de fin doit être supérieure ou égale à la date de début'", () => {
    expect(validateBannerMessage({ id: 0 })).toEqual({
      texte: 'Valeur requise',
      dateDebut: 'Valeur requise',
      dateFin: 'Valeur requise',
    })
    expect(
      validateBannerMessage({ id: 0, texte: 'Fermé', dateDebut: '2026-11-24', dateFin: '2026-11-23' }).dateFin,
    ).toBe('La date de fin doit être supérieure ou égale à la date de début')
    expect(validateBannerMessage({ id: 0, texte: 'Fermé', dateDebut: '2026-11-24', dateFin: '2026-11-24' })).toEqual({
      texte: null,
      dateDebut: null,
      dateFin: null,
    })
  })
  it('banner message dates: none before today, unless the saved message keeps its own; the inputs offer today or later, the end from the start', () => {
    const now = paris('2026-11-23T18:00')
    const ok = { id: 0, texte: 'Fermé', dateDebut: '2026-11-23', dateFin: '2026-11-23' }
    expect(validateBannerMessage(ok, { now })).toEqual({ texte: null, dateDebut: null, dateFin: null })
    expect(validateBannerMessage({ ...ok, dateDebut: '2026-11-22' }, { now }).dateDebut).toBe(DATE_BANDEAU_PASSEE)
    expect(validateBannerMessage({ ...ok, dateDebut: '2026-11-20', dateFin: '2026-11-22' }, { now })).toEqual({
      texte: null,
      dateDebut: DATE_BANDEAU_PASSEE,
      dateFin: DATE_BANDEAU_PASSEE,
    })
    // A running message keeps its past start; another past start is refused.
    const original = { id: 4, texte: 'Fermé', dateDebut: '2026-11-20', dateFin: '2026-11-30' }
    expect(validateBannerMessage({ ...original, texte: 'Fermé samedi' }, { now, original }).dateDebut).toBeNull()
    expect(validateBannerMessage({ ...original, dateDebut: '2026-11-19' }, { now, original }).dateDebut).toBe(
      DATE_BANDEAU_PASSEE,
    )
    // Required and order come first.
    expect(validateBannerMessage({ ...ok, dateFin: '2026-11-21', dateDebut: '2026-11-22' }, { now }).dateFin).toBe(
      'La date de fin doit être supérieure ou égale à la date de début',
    )
    expect(validateBannerMessage({ id: 0 }, { now }).dateDebut).toBe('Valeur requise')
    expect(bannerDateMins({ dateDebut: '' }, { now })).toEqual({ dateDebut: '2026-11-23', dateFin: '2026-11-23' })
    expect(bannerDateMins({ dateDebut: '2026-11-27' }, { now })).toEqual({
      dateDebut: '2026-11-23',
      dateFin: '2026-11-27',
    })
    expect(bannerDateMins({ dateDebut: '2026-11-20' }, { now, original })).toEqual({
      dateDebut: '2026-11-20',
      dateFin: '2026-11-23',
    })
  })
  it('Copier takes the text, and the dates only when they are still selectable', () => {
    const now = paris('2026-11-23T08:00')
    expect(copyBannerMessage({ id: 1, texte: 'AG', dateDebut: '2026-10-01', dateFin: '2026-10-10' }, now)).toEqual({
      texte: 'AG',
      dateDebut: '',
      dateFin: '',
    })
    expect(copyBannerMessage({ id: 1, texte: 'AG', dateDebut: '2026-11-23', dateFin: null }, now)).toEqual({
      texte: 'AG',
      dateDebut: '2026-11-23',
      dateFin: '',
    })
  })
  it('a banner message is current when its end date is empty or today or later; entries with id -1 ignored', () => {
    const now = paris('2026-11-23T18:00')
    const { courants, historique } = splitBannerMessages(
      [
        { id: 1, dateFin: null },
        { id: 2, dateFin: '2026-11-23' },
        { id: 3, dateFin: '2026-11-22' },
        { id: -1, dateFin: null },
      ],
      now,
    )
    expect(courants.map((m) => m.id)).toEqual([1, 2])
    expect(historique.map((m) => m.id)).toEqual([3])
    expect(
      activeBannerTexts(
        [
          { id: 1, texte: 'A', dateDebut: '2026-11-24' },
          { id: 2, texte: 'B', dateDebut: '2026-11-01' },
        ],
        now,
      ),
    ).toEqual(['B'])
  })
  it("reference-value display ('--Type non reconnu--', '--Valeur non reconnue--')", () => {
    const list = [{ code: 'JM', libelle: 'Matin' }]
    expect(referenceLabel(list, 'JM')).toBe('Matin')
    expect(referenceLabel(list, 'XX')).toBe('--Valeur non reconnue--')
    expect(referenceLabel(list, 'XX', 'type')).toBe('--Type non reconnu--')
  })
})
