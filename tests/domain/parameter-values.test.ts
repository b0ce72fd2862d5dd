import { describe, expect, it } from 'vitest'
import {
  checkParameterValue,
  durationInputs,
  durationUnitsOf,
  heurePivotInput,
  normalizeParameterValue,
  parameterKey,
  parameterKind,
} from '../../src/domain/parameter-values'

describe('parameter values (cart-orders-admin §3 "Parameter", §5)', () => {
  it('knows the kind of each key of §3 and its full key', () => {
    expect(parameterKind('HORAIRE_COMMANDE', 'HEURE_PIVOT')).toBe('heure')
    expect(parameterKind('HORAIRE_COMMANDE', 'DELAIS_HEURE_PIVOT')).toBe('duree')
    expect(parameterKind('DELAIS_COMMANDE', 'DELAIS_MAX')).toBe('duree')
    expect(parameterKind('MODE_CAMION_QTE', 'BENNE_MIN')).toBe('nombre')
    expect(parameterKind('MODE_CAMION_DELAI_LIVR', 'FOND')).toBe('nombre')
    expect(parameterKind('COMMANDE_QTE', 'QTE_MAX_MINERAL')).toBe('nombre')
    expect(parameterKind('PARAMS_APPLI', 'DELAI_ALERTE_FERIES')).toBe('nombre')
    expect(parameterKind('AUTRE', 'X')).toBe('texte')
    expect(parameterKey('DEFAULT', 'HORAIRE_COMMANDE', 'HEURE_PIVOT')).toBe('SAS-HORAIRE_COMMANDE-HEURE_PIVOT')
    expect(parameterKey('CDEA', 'PARAMS_APPLI', 'DELAI_ALERTE_FERIES')).toBe('CDE-PARAMS_APPLI-DELAI_ALERTE_FERIES')
    expect(durationUnitsOf('DELAIS_MAX')).toEqual(['months', 'weeks', 'days'])
    expect(durationUnitsOf('HEURE_PIVOT')).toBeNull()
  })

  it("HEURE_PIVOT: 'Valeur invalide', 'Veuillez entrer une valeur comprise entre 0 et 23', stored as HH:00:00", () => {
    expect(checkParameterValue('HORAIRE_COMMANDE', 'HEURE_PIVOT', '')).toBe('Valeur invalide')
    expect(checkParameterValue('HORAIRE_COMMANDE', 'HEURE_PIVOT', '9h')).toBe('Valeur invalide')
    expect(checkParameterValue('HORAIRE_COMMANDE', 'HEURE_PIVOT', '-1')).toBe('Valeur invalide')
    expect(checkParameterValue('HORAIRE_COMMANDE', 'HEURE_PIVOT', '24')).toBe(
      'Veuillez entrer une valeur comprise entre 0 et 23',
    )
    expect(normalizeParameterValue('HORAIRE_COMMANDE', 'HEURE_PIVOT', '9')).toBe('09:00:00')
    expect(normalizeParameterValue('HORAIRE_COMMANDE', 'HEURE_PIVOT', 0)).toBe('00:00:00')
    expect(normalizeParameterValue('HORAIRE_COMMANDE', 'HEURE_PIVOT', '23:00:00')).toBe('23:00:00')
    expect(normalizeParameterValue('HORAIRE_COMMANDE', 'HEURE_PIVOT', '24')).toBeNull()
    expect(heurePivotInput('09:00:00')).toBe('9')
    expect(heurePivotInput('10:00')).toBe('10')
  })

  it("durations: required, ISO-8601, only in the units their format shows ('Valeur invalide')", () => {
    expect(checkParameterValue('DELAIS_COMMANDE', 'ECART_DATE', '')).toBe('Valeur invalide')
    expect(checkParameterValue('DELAIS_COMMANDE', 'ECART_DATE', '5')).toBe('Valeur invalide')
    expect(checkParameterValue('DELAIS_COMMANDE', 'ECART_DATE', 'P-1D')).toBe('Valeur invalide')
    expect(checkParameterValue('DELAIS_COMMANDE', 'ECART_DATE', 'P1.5D')).toBe('Valeur invalide')
    // The form for ECART_DATE shows days only: a month could be neither shown nor edited.
    expect(checkParameterValue('DELAIS_COMMANDE', 'ECART_DATE', 'P1M')).toBe('Valeur invalide')
    expect(checkParameterValue('HORAIRE_COMMANDE', 'DELAIS_HEURE_PIVOT', 'P1D')).toBe('Valeur invalide')
    expect(checkParameterValue('DELAIS_COMMANDE', 'DELAIS_MAX', `P${'9'.repeat(20)}D`)).toBe('Valeur invalide')
    expect(checkParameterValue('DELAIS_COMMANDE', 'DELAIS_MAX', 'P1M2W3D')).toBeNull()
    expect(normalizeParameterValue('HORAIRE_COMMANDE', 'DELAIS_HEURE_PIVOT', ' PT0H45M ')).toBe('PT45M')
    expect(normalizeParameterValue('DELAIS_COMMANDE', 'ECART_DATE', 'P0D')).toBe('P0D')
    expect(durationInputs('DELAIS_MAX', 'P1M')).toEqual({ months: '1', weeks: '0', days: '0' })
    expect(durationInputs('DELAIS_HEURE_PIVOT', 'PT30M')).toEqual({ hours: '0', minutes: '30' })
  })

  it("tonnages, delays and the mineral maximum are numbers ('Valeur invalide')", () => {
    expect(checkParameterValue('MODE_CAMION_QTE', 'VIS_MAX', '')).toBe('Valeur invalide')
    expect(checkParameterValue('MODE_CAMION_QTE', 'VIS_MAX', '27,5')).toBe('Valeur invalide')
    expect(checkParameterValue('MODE_CAMION_QTE', 'VIS_MAX', '9'.repeat(30))).toBe('Valeur invalide')
    expect(normalizeParameterValue('MODE_CAMION_QTE', 'VIS_MAX', '027')).toBe('27')
    expect(normalizeParameterValue('PARAMS_APPLI', 'DELAI_ALERTE_FERIES', 20)).toBe('20')
  })

  it('never throws on odd input', () => {
    // Typed from the form and the wire; fed anything anyway (cast), as a forged request would.
    for (const x of [null, undefined, {}, [], NaN, Infinity, -1, 'P', 'PT'] as never[]) {
      expect(() => checkParameterValue(x, x, x)).not.toThrow()
      expect(() => normalizeParameterValue('DELAIS_COMMANDE', 'DELAIS_MAX', x)).not.toThrow()
      expect(() => durationInputs('DELAIS_MAX', x)).not.toThrow()
      expect(() => heurePivotInput(x)).not.toThrow()
    }
  })
})
