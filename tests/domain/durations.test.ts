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
