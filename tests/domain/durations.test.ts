import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  DURATION_DEFAULTS,
  DURATION_FORMATS,
  formatIsoDuration,
  minutesOf,
  parseIsoDuration,
  validateDurationInput,
  workingDaysOf,
} from '../../src/domain/durations'

import { validateParameter } from '../../src/domain/admin'
describe('ISO-8601 durations of the parameters (parse, format, validate)', () => {
  it('parses years, months, weeks, days, hours, minutes, seconds', () => {
    expect(parseIsoDuration('P1Y2M3W4DT5H6M7S')).toEqual({
      years: 1,
      months: 2,
      weeks: 3,
      days: 4,
      hours: 5,
      minutes: 6,
      seconds: 7,
    })
    expect(parseIsoDuration('PT30M')).toEqual({ minutes: 30 })
    expect(parseIsoDuration('P1M')).toEqual({ months: 1 })
  })
  it('refuses what is not a whole non-negative ISO duration', () => {
    for (const bad of ['', 'P', 'PT', 'P1DT', '1D', 'P-1D', 'P1.5D', 'PT0,5H', null, 5, {}])
      expect(parseIsoDuration(bad)).toBeNull()
  })
  it('formats with the units shown by the format, zeros dropped', () => {
    expect(formatIsoDuration({ hours: 0, minutes: 30 }, DURATION_FORMATS.DELAIS_HEURE_PIVOT)).toBe('PT30M')
    expect(formatIsoDuration({ hours: 1, minutes: 15 }, DURATION_FORMATS.DELAIS_HEURE_PIVOT)).toBe('PT1H15M')
    expect(formatIsoDuration({ months: 1, weeks: 0, days: 0 }, DURATION_FORMATS.DELAIS_MAX)).toBe('P1M')
    expect(formatIsoDuration({ days: 0 }, DURATION_FORMATS.ECART_DATE)).toBe('P0D')
  })
  it('duration inputs take non-negative whole numbers for each unit shown by the format (Valeur invalide)', () => {
    expect(validateDurationInput({ hours: '0', minutes: 30 }, DURATION_FORMATS.DELAIS_HEURE_PIVOT)).toBeNull()
    expect(validateDurationInput({ hours: '', minutes: 30 }, DURATION_FORMATS.DELAIS_HEURE_PIVOT)).toBe(
      'Valeur invalide',
    )
    expect(validateDurationInput({ days: -1 }, DURATION_FORMATS.ECART_DATE)).toBe('Valeur invalide')
    expect(validateDurationInput({ days: 1.5 }, DURATION_FORMATS.ECART_DATE)).toBe('Valeur invalide')
    expect(validateDurationInput(null, DURATION_FORMATS.ECART_DATE)).toBe('Valeur invalide')
  })
  it('parameters durations defaults: pivot delay 0h30, gap 5 working days, horizon 1 month, alert 5 working days', () => {
    expect(DURATION_DEFAULTS).toEqual({
      DELAIS_HEURE_PIVOT: 'PT30M',
      ECART_DATE: 'P5D',
      DELAIS_MAX: 'P1M',
      DELAIS_ALERTE: 'P5D',
    })
    expect(minutesOf(parseIsoDuration('PT30M'))).toBe(30)
    expect(workingDaysOf(parseIsoDuration('P1W2D'))).toBe(7)
  })
  it('format then parse gives the parts back', () => {
    const part = fc.integer({ min: 0, max: 500 })
    fc.assert(
      fc.property(
        fc.record({ years: part, months: part, weeks: part, days: part, hours: part, minutes: part, seconds: part }),
        (parts) => {
          const back = parseIsoDuration(formatIsoDuration(parts))
          const nonZero = Object.fromEntries(Object.entries(parts).filter(([, v]) => v > 0))
          expect(Object.fromEntries(Object.entries(back ?? {}).filter(([, v]) => v > 0))).toEqual(nonZero)
        },
      ),
    )
  })
  it('never throws', () => {
    fc.assert(
      fc.property(fc.anything(), (x) => {
        parseIsoDuration(x)
        validateDurationInput(x, DURATION_FORMATS.DELAIS_MAX)
      }),
    )
  })
})

describe('the time field of the pivot-hour delay (DELAIS_HEURE_PIVOT: hours and minutes)', () => {
  const units = DURATION_FORMATS.DELAIS_HEURE_PIVOT
  it('Time field: hours 0 to 23, minutes and seconds 0 to 59', () => {
    expect(validateDurationInput({ hours: '23', minutes: '59' }, units)).toBeNull()
    expect(validateDurationInput({ hours: '0', minutes: '0' }, units)).toBeNull()
    expect(validateDurationInput({ hours: '24', minutes: '0' }, units)).toBe(
      'Veuillez entrer une valeur comprise entre 0 et 23',
    )
    expect(validateDurationInput({ hours: '0', minutes: '60' }, units)).toBe(
      'Veuillez entrer une valeur comprise entre 0 et 59',
    )
    // One input at a time, judged by the whole format.
    expect(validateDurationInput({ minutes: '75' }, units, ['minutes'])).toBe(
      'Veuillez entrer une valeur comprise entre 0 et 59',
    )
    // Days are not a time field: no such bound.
    expect(validateDurationInput({ days: '60' }, DURATION_FORMATS.ECART_DATE)).toBeNull()
  })
  it('the server refuses a stored pivot delay outside a clock (PT24H, PT90M), accepts PT23H59M', () => {
    expect(validateParameter('HORAIRE_COMMANDE', 'DELAIS_HEURE_PIVOT', 'PT23H59M')).toBeNull()
    expect(validateParameter('HORAIRE_COMMANDE', 'DELAIS_HEURE_PIVOT', 'PT90M')).toBe('Valeur invalide')
    expect(validateParameter('HORAIRE_COMMANDE', 'DELAIS_HEURE_PIVOT', 'PT24H')).toBe('Valeur invalide')
    expect(validateParameter('HORAIRE_COMMANDE', 'DELAIS_HEURE_PIVOT', 'P1DT1H')).toBe('Valeur invalide')
    expect(validateParameter('DELAIS_COMMANDE', 'ECART_DATE', 'P60D')).toBeNull()
  })
})
