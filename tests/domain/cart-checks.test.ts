import { describe, expect, it } from 'vitest'
import { checkCartStoragePlaces, linesWithInvalidDates, markInvalidDates, nextStep } from '../../src/domain/cart-checks'
import { especeOf, differentSpecies } from '../../src/domain/species'
import { MESSAGES } from '../../src/domain/constants'
import type { CartLine } from '../../src/domain/types'
import { paris } from './helpers'

const l = (idLigne: string, o: Partial<CartLine> = {}): CartLine => ({
  idLigne,
  numAdresse: 1,
  datePrevueLivraison: '2026-11-24',
  finDatePrevueLivraison: '2026-11-27',
  codeTypeSilo1: 'S1',
  matinApmidi: 'ID',
  finMatinApmidi: 'ID',
  codeFiliere: '10',
  codeModeCamion: 'VIS',
  quantiteCommande: 5,
  ...o,
})
const ctx = { now: paris('2026-11-23T09:00') }

describe('cart checks (Etape suivante)', () => {
  it("Au moins un lieu de stockage doit être renseigné. → 'Le lieu de stockage doit être renseigné pour chacune des lignes'", () => {
    const check = checkCartStoragePlaces([l('001', { codeTypeSilo1: null })])
    expect(check.decision).toBe('lieuxVides')
    expect(check.lieuxVides[0]?.message).toBe('Au moins un lieu de stockage doit être renseigné.')
    expect(MESSAGES.lieuxVidesDialogue).toBe('Le lieu de stockage doit être renseigné pour chacune des lignes')
  })
  it('Un autre aliment doit être livré aux mêmes dates dans les mêmes lieux de stockage pour la même espèce. (warning)', () => {
    const check = checkCartStoragePlaces([l('001'), l('002', { codeTypeSilo1: 'S2', codeTypeSilo2: 'S1' })])
    expect(check.decision).toBe('avertissement')
    expect(check.avertissements.map((i) => [i.idLigne, i.message, i.avec])).toEqual([
      [
        '001',
        'Un autre aliment doit être livré aux mêmes dates dans les mêmes lieux de stockage pour la même espèce.',
        ['002'],
      ],
      [
        '002',
        'Un autre aliment doit être livré aux mêmes dates dans les mêmes lieux de stockage pour la même espèce.',
        ['001'],
      ],
    ])
  })
  it('Un autre aliment pour une autre espèce doit être livré aux mêmes dates dans les mêmes lieux de stockage. (error)', () => {
    const check = checkCartStoragePlaces([l('001'), l('002', { codeFiliere: '60' }), l('003', { codeTypeSilo1: null })])
    expect(check.decision).toBe('erreur')
    expect(check.erreurs[0]?.message).toBe(
      'Un autre aliment pour une autre espèce doit être livré aux mêmes dates dans les mêmes lieux de stockage.',
    )
  })
  it('other places, other dates or another address are no conflict', () => {
    expect(checkCartStoragePlaces([l('001'), l('002', { codeTypeSilo1: 'S2' })]).decision).toBe('ok')
    expect(
      checkCartStoragePlaces([
        l('001'),
        l('002', { datePrevueLivraison: '2026-11-30', finDatePrevueLivraison: '2026-12-01' }),
      ]).decision,
    ).toBe('ok')
    expect(checkCartStoragePlaces([l('001'), l('002', { numAdresse: 2, codeFiliere: '60' })]).decision).toBe('ok')
  })
  it('the species comes from codeFiliere, else the family prefix; unknown is never another species', () => {
    expect(especeOf({ codeFiliere: '60', codeFamilleArticle: '4512' })).toBe('filiere:60')
    expect(especeOf({ codeFiliere: null, codeFamilleArticle: '4512' })).toBe('famille:45')
    expect(
      differentSpecies(
        { codeFiliere: null, codeFamilleArticle: '4512' },
        { codeFiliere: '60', codeFamilleArticle: '4611' },
      ),
    ).toBe(true)
    expect(differentSpecies({ codeFiliere: null, codeFamilleArticle: null }, { codeFiliere: '60' })).toBe(false)
  })
  it("Délai de livraison trop court: lines whose dates no longer pass are 'datesInvalides'", () => {
    const lines = [l('001'), l('002', { datePrevueLivraison: '2026-11-23' }), l('003', { codeModeCamion: 'FOND' })]
    expect(linesWithInvalidDates(lines, ctx)).toEqual(['002', '003'])
    expect(markInvalidDates(lines, ctx).map((x) => x.datesInvalides)).toEqual([false, true, true])
    expect(MESSAGES.delaiTropCourt).toBe('Délai de livraison trop court')
    expect(MESSAGES.delaiTropCourtDialogue).toBe('Pour les lignes suivantes, le délai de livraison est trop court')
  })
  it('priority: dates, then error > warning > empty places; Oui to the warning moves on', () => {
    expect(nextStep([l('001', { datePrevueLivraison: '2026-11-23' })], ctx)).toEqual({
      kind: 'dates',
      idLignes: ['001'],
    })
    expect(nextStep([l('001'), l('002', { codeFiliere: '60' })], ctx).kind).toBe('erreur')
    expect(nextStep([l('001'), l('002')], ctx).kind).toBe('avertissement')
    expect(nextStep([l('001'), l('002')], ctx, true).kind).toBe('paiement')
    expect(nextStep([l('001'), l('002'), l('003', { codeTypeSilo1: null })], ctx, true).kind).toBe('lieuxVides')
    expect(nextStep([l('001', { codeTypeSilo1: null })], ctx).kind).toBe('lieuxVides')
    expect(nextStep([l('001')], ctx).kind).toBe('paiement')
  })
})
