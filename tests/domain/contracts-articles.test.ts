import { describe, expect, it } from 'vitest'
import {
  contractsToDrawOn,
  groupContracts,
  isApport,
  isExpiringSoon,
  showsContractBadge,
} from '../../src/domain/contracts'
import {
  canAddHistoryLine,
  canDuplicateHistoryLine,
  feedList,
  isListedFeed,
  isOrderableArticle,
  isPoultryFamily,
  offeredAddresses,
  showsBuildingField,
  showsLotsShortcut,
  splitOrderable,
  validateBuilding,
} from '../../src/domain/articles'
import { paris } from './helpers'

const now = paris('2026-11-23T12:00')

describe('contracts', () => {
  it('a line may be drawn on a contract of its article, started, not ended, with tonnes left (issue 43)', () => {
    const c = (numContrat: string, o: Record<string, unknown> = {}) => ({
      numContrat,
      numArticle: '410101',
      dateDebut: '2026-06-01',
      dateFin: '2026-12-11',
      qteRestante: 35.5,
      contratFutur: false,
      ...o,
    })
    const found = contractsToDrawOn(
      [
        c('ok'),
        c('endsToday', { dateFin: '2026-11-23' }),
        c('otherArticle', { numArticle: '410104' }),
        c('future', { contratFutur: true, dateDebut: '2026-12-13' }),
        c('notStarted', { dateDebut: '2026-11-24' }),
        c('ended', { dateFin: '2026-11-22' }),
        c('empty', { qteRestante: 0 }),
      ],
      '410101',
      now,
    )
    expect(found.map((x) => x.numContrat)).toEqual(['ok', 'endsToday'])
  })

  it('future and current groups (Contrats à venir)', () => {
    const { futurs, enCours } = groupContracts([
      { numContrat: '1', contratFutur: true },
      { numContrat: '2', contratFutur: false },
      { numContrat: '3' },
    ])
    expect(futurs.map((c) => c.numContrat)).toEqual(['1'])
    expect(enCours.map((c) => c.numContrat)).toEqual(['2', '3'])
    expect(isApport({ numContrat: '1', codeTContrat: 'EA' })).toBe(true)
  })
  it('the expiry badge: ends within one month with remaining quantity above 0', () => {
    expect(isExpiringSoon({ numContrat: '1', dateFin: '2026-12-23', qteRestante: 1 }, now)).toBe(true)
    expect(isExpiringSoon({ numContrat: '1', dateFin: '2026-12-24', qteRestante: 1 }, now)).toBe(false)
    expect(isExpiringSoon({ numContrat: '1', dateFin: '2026-12-01', qteRestante: 0 }, now)).toBe(false)
    expect(isExpiringSoon({ numContrat: '1', dateFin: '2026-11-22', qteRestante: 5 }, now)).toBe(false)
    expect(showsContractBadge([{ numContrat: '1', dateFin: '2026-11-30', qteRestante: 2 }], now)).toBe(true)
  })
})

describe('articles', () => {
  it('excluded from the feed list: sub-type SU and type GSU', () => {
    expect(isListedFeed({ numArticle: '1', codeSousTypeArticle: 'SU' })).toBe(false)
    expect(isListedFeed({ numArticle: '1', codeTypeArticle: 'GSU' })).toBe(false)
    expect(isListedFeed({ numArticle: '1', codeTypeArticle: 'M' })).toBe(true)
  })
  it('sub-type MI with category 47010 is not orderable', () => {
    expect(isOrderableArticle({ numArticle: '1', codeSousTypeArticle: 'MI', codeCategorie: '47010' })).toBe(false)
    expect(isOrderableArticle({ numArticle: '1', codeSousTypeArticle: 'MI', codeCategorie: '47011' })).toBe(true)
  })
  it('feeds grouped by department label', () => {
    const groups = feedList(
      [
        { numArticle: '1', codeDepartement: '45' },
        { numArticle: '2', codeDepartement: '46' },
        { numArticle: '3', codeDepartement: '45', codeTypeArticle: 'GSU' },
      ],
      [
        { code: '46', libelle: 'Ruminants' },
        { code: '45', libelle: 'Volailles' },
      ],
    )
    expect(groups.map((g) => [g.libelle, g.articles.map((a) => a.numArticle)])).toEqual([
      ['Ruminants', ['2']],
      ['Volailles', ['1']],
    ])
  })
  it('feed family code prefix 45 means poultry; poultry lines of a customer with lots show Lots & plans', () => {
    expect(isPoultryFamily('4512')).toBe(true)
    expect(isPoultryFamily('4612')).toBe(false)
    expect(showsLotsShortcut({ codeFamilleArticle: '4512' }, true)).toBe(true)
    expect(showsLotsShortcut({ codeFamilleArticle: '4512' }, false)).toBe(false)
  })
  it('the building field is shown only when the department is absent or 45 and the branch is absent or 60 or 67', () => {
    expect(showsBuildingField(null, null)).toBe(true)
    expect(showsBuildingField('45', '67')).toBe(true)
    expect(showsBuildingField('45', '10')).toBe(false)
    expect(showsBuildingField('46', '60')).toBe(false)
  })
  it('Doit être une valeur numérique, ou vide', () => {
    expect(validateBuilding('')).toBeNull()
    expect(validateBuilding('12')).toBeNull()
    expect(validateBuilding(12)).toBeNull()
    expect(validateBuilding('B12')).toBe('Doit être une valeur numérique, ou vide')
  })
  it('only addresses whose state is not S are offered', () => {
    expect(
      offeredAddresses([
        { numAdr: 1, etat: 'A' },
        { numAdr: 2, etat: 'S' },
      ]).map((a) => a.numAdr),
    ).toEqual([1])
  })
  it('history: Ajouter disabled if the article is not orderable; duplicated only with an address', () => {
    expect(canAddHistoryLine({ artCommandable: false })).toBe(false)
    expect(canDuplicateHistoryLine({ numAdresse: null })).toBe(false)
    expect(canDuplicateHistoryLine({ numAdresse: 3 })).toBe(true)
    const split = splitOrderable([{ artCommandable: true }, { artCommandable: false }])
    expect([split.ajoutees.length, split.nonCommandables.length]).toEqual([1, 1])
  })
})
