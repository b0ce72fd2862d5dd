// domain/paris-clock: Paris's date and time without Intl agree with luxon's tz data (Intl's) at
// every hour around each summer-time change from 2000 to 2040, and at random instants.
import { DateTime } from 'luxon'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parisDateOf, parisOffsetMinutes, parisTimeOf } from '../../src/domain/paris-clock'
import { byCharacters } from '../../src/domain/compare'

const luxon = (at: number) => DateTime.fromMillis(at, { zone: 'Europe/Paris' })

describe('Paris clock', () => {
  it('agrees with the tz data every hour of the last week of March and October, 2000–2040', () => {
    for (let year = 2000; year <= 2040; year++)
      for (const month of [3, 10]) {
        // The change is on the month's last Sunday: within its last eight days.
        const from = DateTime.fromObject({ year, month, day: 24 }, { zone: 'UTC' }).toMillis()
        for (let at = from; at < from + 8 * 24 * 3_600_000; at += 3_600_000) {
          const l = luxon(at)
          expect(parisOffsetMinutes(at), l.toISO()!).toBe(l.offset)
          expect(parisDateOf(at)).toBe(l.toISODate())
          expect(parisTimeOf(at)).toBe(l.toFormat('HH:mm'))
        }
      }
  })

  it('agrees with the tz data at any instant, midnight and new year included', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 11, 31) }), (at) => {
        expect(parisDateOf(at)).toBe(luxon(at).toISODate())
        expect(parisTimeOf(at)).toBe(luxon(at).toFormat('HH:mm'))
      }),
    )
    // 23:30 UTC on 31 December is already the new year in Paris.
    expect(parisDateOf(Date.UTC(2026, 11, 31, 23, 30))).toBe('2027-01-01')
  })

  it('orders ISO dates and codes as localeCompare does', () => {
    const values = [
      '2026-11-27T10:42:00.000Z',
      '2026-11-27T09:15:30.120Z',
      '2026-11-27',
      '2026-02-01',
      '410102',
      '41',
      '2026-11-03',
      '9',
      '10',
      'A',
      'M',
    ]
    expect([...values].sort(byCharacters)).toEqual([...values].sort((a, b) => a.localeCompare(b)))
  })
})
