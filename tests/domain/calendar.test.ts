import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  addBusinessDayNumbers,
  extraDayNumbers,
  firstAllowedDayNumber,
  horizonDayNumber,
  isBeforePivot,
  isBusinessDayNumber,
  upcomingHolidays,
} from '../../src/domain/calendar'
import { dayNumber, dayNumberOfIso, isoOfDayNumber } from '../../src/domain/day-numbers'
import { DEFAULT_ORDER_PARAMETERS } from '../../src/domain/order-parameters'
import { arbNow, paris } from './helpers'

const day = (iso: string) => dayNumberOfIso(iso)!
const first = (now: string, extra: Partial<Parameters<typeof firstAllowedDayNumber>[0]> = {}) =>
  isoOfDayNumber(firstAllowedDayNumber({ now: paris(now), ...extra }))

describe('business days (not Saturday, Sunday or a public holiday)', () => {
  it('a weekday is a business day, the weekend is not', () => {
    expect(isBusinessDayNumber(day('2026-11-23'))).toBe(true)
    expect(isBusinessDayNumber(day('2026-11-28'))).toBe(false)
    expect(isBusinessDayNumber(day('2026-11-29'))).toBe(false)
  })
  it('a public holiday is not a business day (11 Nov, Ascension)', () => {
    expect(isBusinessDayNumber(day('2026-11-11'))).toBe(false)
    expect(isBusinessDayNumber(day('2026-05-14'))).toBe(false)
  })
  it('the order parameters may add local holidays (joursFeries)', () => {
    expect(isBusinessDayNumber(day('2026-12-26'), extraDayNumbers(['2026-12-26']))).toBe(false)
    expect(isBusinessDayNumber(day('2026-12-24'), extraDayNumbers(['2026-12-26']))).toBe(true)
  })
  it('counts and adds business days, forwards and backwards', () => {
    expect(isoOfDayNumber(addBusinessDayNumbers(day('2026-11-10'), 1))).toBe('2026-11-12')
    expect(isoOfDayNumber(addBusinessDayNumbers(day('2026-11-27'), 1))).toBe('2026-11-30')
    expect(isoOfDayNumber(addBusinessDayNumbers(day('2026-11-30'), -1))).toBe('2026-11-27')
    expect(isoOfDayNumber(addBusinessDayNumbers(day('2026-11-23'), 5))).toBe('2026-11-30')
    expect(addBusinessDayNumbers(day('2026-11-23'), 0)).toBe(day('2026-11-23'))
  })
  it('reads ISO dates and DateTimes, and nothing else', () => {
    expect(dayNumber('2026-02-30')).toBeNull()
    expect(dayNumber('23/11/2026')).toBeNull()
    expect(dayNumber(42)).toBeNull()
    expect(isoOfDayNumber(dayNumber(paris('2026-11-23T23:30'))!)).toBe('2026-11-23')
  })
})

describe('the first allowed delivery date from "now" in Europe/Paris', () => {
  it('one business day ahead if the time is before the pivot time on a business day', () => {
    expect(first('2026-11-23T09:59')).toBe('2026-11-24')
  })
  it('otherwise two days (pivot 10:00: no next-day ordering after it)', () => {
    expect(first('2026-11-23T10:00')).toBe('2026-11-25')
    expect(first('2026-11-27T11:00')).toBe('2026-12-01')
  })
  it('a weekend or holiday "now" counts as after the pivot', () => {
    expect(first('2026-11-28T08:00')).toBe('2026-12-01')
    expect(first('2026-11-11T08:00')).toBe('2026-11-13')
  })
  it('skips public holidays', () => {
    expect(first('2026-11-10T08:00')).toBe('2026-11-12')
  })
  it('extra delay 0h30 for sessions started by 9h59', () => {
    const sessionStart = paris('2026-11-23T09:59')
    expect(first('2026-11-23T10:29', { sessionStart })).toBe('2026-11-24')
    expect(first('2026-11-23T10:30', { sessionStart })).toBe('2026-11-25')
    expect(first('2026-11-23T10:10', { sessionStart: paris('2026-11-23T10:00') })).toBe('2026-11-25')
    expect(first('2026-11-23T10:10', { sessionStart: paris('2026-11-22T09:00') })).toBe('2026-11-25')
    // The same day in Paris, whatever the zone the start was kept in (00:30 Paris is the day before in UTC).
    expect(first('2026-11-23T10:10', { sessionStart: paris('2026-11-23T00:30').setZone('UTC') })).toBe('2026-11-24')
    expect(first('2026-11-23T10:10', { sessionStart: paris('2026-11-22T23:30').setZone('UTC') })).toBe('2026-11-25')
  })
  it("the article's minimum business days applies when larger", () => {
    expect(first('2026-11-23T09:00', { delaisMinJoursOuvres: 3 })).toBe('2026-11-26')
    expect(first('2026-11-23T09:00', { delaisMinJoursOuvres: 1 })).toBe('2026-11-24')
  })
  it("the truck mode's minimum delay applies when larger (tipper 48 h, moving floor 72 h)", () => {
    expect(first('2026-11-23T09:00', { delaiMinLivraisonHeures: 48 })).toBe('2026-11-25')
    expect(first('2026-11-23T09:00', { delaiMinLivraisonHeures: 72 })).toBe('2026-11-26')
  })
  it('the pivot hour comes from the order parameters', () => {
    const params = { ...DEFAULT_ORDER_PARAMETERS, heurePivot: 12 }
    expect(first('2026-11-23T11:00', { params })).toBe('2026-11-24')
    expect(isBeforePivot(paris('2026-11-23T12:00'), params)).toBe(false)
  })
  it('reads "now" in Europe/Paris whatever its zone', () => {
    expect(first('2026-11-23T08:30Z')).toBe('2026-11-24') // 09:30 in Paris
    expect(isoOfDayNumber(firstAllowedDayNumber({ now: paris('2026-11-23T09:30').setZone('UTC') }))).toBe('2026-11-24')
  })
})

describe('the horizon of the order parameters (DELAIS_MAX, default 1 month)', () => {
  it('is today plus one month', () => {
    expect(isoOfDayNumber(horizonDayNumber(paris('2026-01-31T12:00')))).toBe('2026-02-28')
  })
  it('follows the parameter', () => {
    expect(
      isoOfDayNumber(horizonDayNumber(paris('2026-11-23T12:00'), { ...DEFAULT_ORDER_PARAMETERS, delaisMax: 'P2W' })),
    ).toBe('2026-12-07')
  })
})

describe('the holiday banner 15 days ahead', () => {
  it('lists the holidays of the next 15 days', () => {
    expect(upcomingHolidays(paris('2026-12-15T08:00')).map((j) => j.date)).toEqual(['2026-12-25'])
    expect(upcomingHolidays(paris('2026-12-20T08:00')).map((j) => j.date)).toEqual(['2026-12-25', '2027-01-01'])
    expect(upcomingHolidays(paris('2026-12-02T08:00'))).toEqual([])
  })

  it('adds the cooperative’s local holidays to the banner, once each', () => {
    const local = [
      { date: '2026-12-26', libelle: 'Saint-Étienne' },
      { date: '2026-12-25', libelle: 'Noël' },
    ]
    expect(upcomingHolidays(paris('2026-12-15T08:00'), 15, local).map((j) => j.date)).toEqual([
      '2026-12-25',
      '2026-12-26',
    ])
    expect(upcomingHolidays(paris('2026-12-15T08:00'), 5, local)).toEqual([])
  })
})

describe('first allowed date invariants', () => {
  const arbInput = fc.record({
    delaisMinJoursOuvres: fc.option(fc.integer({ min: 0, max: 10 })),
    delaiMinLivraisonHeures: fc.option(fc.constantFrom(24, 48, 72)),
    sessionOffset: fc.option(fc.integer({ min: 0, max: 600 })),
  })

  it('is always a business day inside the horizon, after today', () => {
    fc.assert(
      fc.property(arbNow, arbInput, (now, i) => {
        const sessionStart = i.sessionOffset === null ? null : now.minus({ minutes: i.sessionOffset })
        const d = firstAllowedDayNumber({
          now,
          sessionStart,
          delaisMinJoursOuvres: i.delaisMinJoursOuvres,
          delaiMinLivraisonHeures: i.delaiMinLivraisonHeures,
        })
        expect(isBusinessDayNumber(d)).toBe(true)
        expect(d > dayNumber(now)!).toBe(true)
        expect(d <= horizonDayNumber(now)).toBe(true)
      }),
      { numRuns: 500 },
    )
  })

  it('is never earlier for a later "now"', () => {
    fc.assert(
      fc.property(arbNow, fc.integer({ min: 0, max: 60 * 24 * 10 }), arbInput, (now, later, i) => {
        const sessionStart = i.sessionOffset === null ? null : now.minus({ minutes: i.sessionOffset })
        const base = {
          sessionStart,
          delaisMinJoursOuvres: i.delaisMinJoursOuvres,
          delaiMinLivraisonHeures: i.delaiMinLivraisonHeures,
        }
        const a = firstAllowedDayNumber({ now, ...base })
        const b = firstAllowedDayNumber({ now: now.plus({ minutes: later }), ...base })
        expect(b >= a).toBe(true)
      }),
      { numRuns: 500 },
    )
  })
})
