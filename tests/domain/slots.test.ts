import { describe, expect, it } from 'vitest'
import { defaultSlots, isSingleDayPairValid, validateSlots } from '../../src/domain/slots'

const line = (o: object) => ({
  idLigne: '001',
  datePrevueLivraison: '2026-11-24',
  finDatePrevueLivraison: '2026-11-27',
  matinApmidi: 'JM',
  finMatinApmidi: 'JA',
  ...o,
})

describe('slots', () => {
  it('both slots are required (Requis)', () => {
    expect(validateSlots(line({ matinApmidi: '', finMatinApmidi: null }))).toEqual({
      matinApmidi: 'Requis',
      finMatinApmidi: 'Requis',
    })
    expect(validateSlots(line({}))).toEqual({ matinApmidi: null, finMatinApmidi: null })
  })
  it("L'horaire de début de livraison doit etre identique pour tous les aliments dont la date de début de livraison est la même", () => {
    const other = line({ idLigne: '002', matinApmidi: 'JA' })
    expect(validateSlots(line({}), [other]).matinApmidi).toBe(
      "L'horaire de début de livraison doit etre identique pour tous les aliments dont la date de début de livraison est la même",
    )
  })
  it('unless one line is ID, or the start dates differ', () => {
    expect(validateSlots(line({}), [line({ idLigne: '002', matinApmidi: 'ID' })]).matinApmidi).toBeNull()
    expect(
      validateSlots(line({ matinApmidi: 'ID' }), [line({ idLigne: '002', matinApmidi: 'JA' })]).matinApmidi,
    ).toBeNull()
    expect(
      validateSlots(line({}), [line({ idLigne: '002', matinApmidi: 'JA', datePrevueLivraison: '2026-11-25' })])
        .matinApmidi,
    ).toBeNull()
    expect(validateSlots(line({}), [line({ matinApmidi: 'JA' })]).matinApmidi).toBeNull() // itself
  })
  it('Les horaires ne sont pas valides pour une livraison sur un seul jour', () => {
    for (const pair of ['JS-JM', 'JS-JA', 'JS-JJ', 'JS-J1', 'JA-JM', 'JA-J1', 'JM-J1', 'JJ-J1']) {
      const [a, b] = pair.split('-')
      expect(isSingleDayPairValid(a, b)).toBe(true)
    }
    expect(isSingleDayPairValid('JM', 'JA')).toBe(false)
    const oneDay = line({ finDatePrevueLivraison: '2026-11-24', matinApmidi: 'JM', finMatinApmidi: 'JA' })
    expect(validateSlots(oneDay).finMatinApmidi).toBe(
      'Les horaires ne sont pas valides pour une livraison sur un seul jour',
    )
    expect(validateSlots({ ...oneDay, finMatinApmidi: 'J1' }).finMatinApmidi).toBeNull()
  })
  it('the slots the app chooses: ID → ID over several days, the whole day (JS → J1) on a single day', () => {
    expect(defaultSlots('2026-11-24', '2026-11-27')).toEqual({ matinApmidi: 'ID', finMatinApmidi: 'ID' })
    const oneDay = defaultSlots('2026-11-24', '2026-11-24')
    expect(oneDay).toEqual({ matinApmidi: 'JS', finMatinApmidi: 'J1' })
    expect(validateSlots(line({ finDatePrevueLivraison: '2026-11-24', ...oneDay }))).toEqual({
      matinApmidi: null,
      finMatinApmidi: null,
    })
    expect(defaultSlots(null, null)).toEqual({ matinApmidi: 'ID', finMatinApmidi: 'ID' })
  })
})
