import { describe, expect, it } from 'vitest'
import {
  DEFAULT_ORDER_PARAMETERS,
  formatHeurePivot,
  orderParametersFromRows,
  parseHeurePivot,
  truckModeLimits,
  withTruckLimits,
} from '../../src/domain/order-parameters'
import { INTERVALLE_VARIANTE_PANIER, MESSAGES } from '../../src/domain/constants'
import { typographie } from '../../src/domain/typography'

describe('the order-parameter object with the spec defaults', () => {
  it('pivot 10:00, extra delay PT30M, ECART_DATE 5 working days, DELAIS_MAX 1 month, DELAIS_ALERTE 5 working days, holiday banner 15 days', () => {
    const p = DEFAULT_ORDER_PARAMETERS
    expect([p.heurePivot, p.delaisHeurePivot, p.ecartDate, p.delaisMax, p.delaisAlerte, p.delaiAlerteFeries]).toEqual([
      10,
      'PT30M',
      'P5D',
      'P1M',
      'P5D',
      15,
    ])
  })
  it('truck-mode tonnage limits and delays: VIS 27, VISP 17, PNEU 27, PNEUP 17, BENNE 25-29 48h, FOND 25-27 72h', () => {
    expect(DEFAULT_ORDER_PARAMETERS.modesCamion).toEqual({
      VIS: { min: null, max: 27, delaiHeures: null },
      VISP: { min: null, max: 17, delaiHeures: null },
      PNEU: { min: null, max: 27, delaiHeures: null },
      PNEUP: { min: null, max: 17, delaiHeures: null },
      BENNE: { min: 25, max: 29, delaiHeures: 48 },
      FOND: { min: 25, max: 27, delaiHeures: 72 },
    })
  })
  it('mineral max 15 %, simple feed max 15 t without forward contract and 29 t with', () => {
    const p = DEFAULT_ORDER_PARAMETERS
    expect([p.quantiteMaxMineral, p.quantiteMaxAlimentSimple, p.quantiteMaxAlimentSimpleContrat]).toEqual([15, 15, 29])
  })
  it('reads the admin parameter rows, keeping defaults for missing or unreadable ones', () => {
    const p = orderParametersFromRows([
      { categorie: 'HORAIRE_COMMANDE', code: 'HEURE_PIVOT', value: '11:00:00' },
      { categorie: 'HORAIRE_COMMANDE', code: 'DELAIS_HEURE_PIVOT', value: 'PT1H' },
      { categorie: 'DELAIS_COMMANDE', code: 'DELAIS_MAX', value: 'nonsense' },
      { categorie: 'MODE_CAMION_QTE', code: 'BENNE_MIN', value: '20' },
      { categorie: 'MODE_CAMION_DELAI_LIVR', code: 'FOND', value: '96' },
      { categorie: 'COMMANDE_QTE', code: 'QTE_MAX_MINERAL', value: '12' },
      { categorie: 'PARAMS_APPLI', code: 'DELAI_ALERTE_FERIES', value: '10' },
      null,
    ])
    expect([p.heurePivot, p.delaisHeurePivot, p.delaisMax, p.quantiteMaxMineral, p.delaiAlerteFeries]).toEqual([
      11,
      'PT1H',
      'P1M',
      12,
      10,
    ])
    expect(p.modesCamion.BENNE).toEqual({ min: 20, max: 29, delaiHeures: 48 })
    expect(p.modesCamion.FOND?.delaiHeures).toBe(96)
    expect(DEFAULT_ORDER_PARAMETERS.modesCamion.BENNE?.min).toBe(25)
  })
  it('HEURE_PIVOT is stored as HH:00:00', () => {
    expect(parseHeurePivot('09:00:00')).toBe(9)
    expect(parseHeurePivot('24')).toBeNull()
    expect(formatHeurePivot(9)).toBe('09:00:00')
  })
  it("the reference data's truck modes win over the parameters", () => {
    expect(truckModeLimits('VIS', [{ code: 'VIS', libelle: 'Vis', maxQuantite: 26 }])).toEqual({
      min: null,
      max: 26,
      delaiHeures: null,
    })
    expect(withTruckLimits([{ code: 'FOND', libelle: 'Fond mouvant' }])[0]).toMatchObject({
      minQuantite: 25,
      maxQuantite: 27,
      delaiMinLivraison: 72,
    })
    expect(truckModeLimits(undefined, null).max).toBe(27)
  })
})

describe('texts copied character for character', () => {
  it('keeps the typos and the spacing of the spec', () => {
    expect(MESSAGES.horaireDebutIdentique).toContain('doit etre identique')
    expect(MESSAGES.rechercheMin).toContain('caratères')
    expect(MESSAGES.etapeInconnue).toBe('Inconu')
    expect(MESSAGES.adresseIncompatible).toContain("avec le l'article")
    expect(MESSAGES.intervalle).toBe(
      typographie("L'intervalle entre les deux dates de livraison est au-delà de 5 jours. Voulez-vous continuer ?"),
    )
    expect(INTERVALLE_VARIANTE_PANIER).toContain("L'intervalle  entre")
    expect(MESSAGES.periodeAnticipee).toBe(
      typographie('La date début de période de livraison est anticipée. Voulez-vous continuer ?'),
    )
    expect(MESSAGES.annuler).toBe('Voulez-vous vraiment annuler vos modifications?')
  })
})
