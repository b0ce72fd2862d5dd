// domain/paris-zone: luxon in Paris without Intl gives what luxon's own Europe/Paris (Intl's tz
// data) gives — instants, wall-clock times, day arithmetic across the summer-time changes, local
// times that do not exist or come twice — and asks nothing of Intl on the way.
import { DateTime, Settings } from 'luxon'
import fc from 'fast-check'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PARIS } from '../../src/domain/paris-zone'
import { dayNumber } from '../../src/domain/calendar'
import { formatMoment } from '../../src/domain/latest-order-moment'
import { dayNumberOfIso } from '../../src/domain/day-numbers'
import { formatHeure } from '../../src/domain/format'

const IANA = 'Europe/Paris'
const HOUR = 3_600_000

/** Every hour of the last eight days of March and October (each change is on the last Sunday). */
function* aroundChanges(from = 2000, to = 2040) {
  for (let year = from; year <= to; year++)
    for (const month of [3, 10]) {
      const start = Date.UTC(year, month - 1, 24)
      for (let at = start; at < start + 8 * 24 * HOUR; at += HOUR) yield at
    }
}

describe('Paris zone', () => {
  afterEach(() => vi.restoreAllMocks())

  it('gives the same wall-clock time and offset as the tz data at every hour around each change', () => {
    for (const at of aroundChanges()) {
      const ours = DateTime.fromMillis(at, { zone: PARIS })
      const theirs = DateTime.fromMillis(at, { zone: IANA })
      expect(ours.toISO(), theirs.toISO()!).toBe(theirs.toISO())
      expect(dayNumber(ours)).toBe(dayNumberOfIso(theirs.toISODate()!))
    }
  })

  it('does day arithmetic as the tz data does: start and end of day, plus days, across the changes', () => {
    for (const at of aroundChanges(2024, 2030)) {
      const ours = DateTime.fromMillis(at, { zone: PARIS })
      const theirs = DateTime.fromMillis(at, { zone: IANA })
      for (const step of [(d: DateTime) => d.startOf('day'), (d: DateTime) => d.endOf('day')])
        expect(step(ours).toISO()).toBe(step(theirs).toISO())
      for (const days of [-3, 1, 2, 7])
        expect(ours.plus({ days }).startOf('day').toISO()).toBe(theirs.plus({ days }).startOf('day').toISO())
      expect(ours.plus({ hours: 5 }).toISO()).toBe(theirs.plus({ hours: 5 }).toISO())
    }
  })

  it('reads local times as the tz data does, the hour skipped in March and the hour twice in October', () => {
    for (const [year, month, day] of [
      [2026, 3, 29],
      [2026, 10, 25],
      [2031, 3, 30],
      [2031, 10, 26],
    ] as const)
      for (let hour = 0; hour < 5; hour++)
        for (const minute of [0, 30]) {
          const local = { year, month, day, hour, minute }
          expect(DateTime.fromObject(local, { zone: PARIS }).toISO()).toBe(
            DateTime.fromObject(local, { zone: IANA }).toISO(),
          )
          const iso = `${year}-${String(month).padStart(2, '0')}-${day}T0${hour}:${minute || '00'}`
          expect(DateTime.fromISO(iso, { zone: PARIS }).toISO()).toBe(DateTime.fromISO(iso, { zone: IANA }).toISO())
        }
  })

  it('agrees with the tz data at any instant', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 11, 31) }), (at) => {
        const ours = DateTime.fromMillis(at, { zone: PARIS })
        const theirs = DateTime.fromMillis(at, { zone: IANA })
        expect(ours.toFormat('dd/MM/yyyy HH:mm')).toBe(theirs.toFormat('dd/MM/yyyy HH:mm'))
      }),
    )
  })

  it('is the same zone as luxon’s Europe/Paris for comparisons', () => {
    const at = Date.UTC(2026, 10, 27, 12)
    expect(PARIS.equals(DateTime.fromMillis(at, { zone: IANA }).zone)).toBe(true)
    expect(DateTime.fromMillis(at, { zone: PARIS }).hasSame(DateTime.fromMillis(at, { zone: IANA }), 'day')).toBe(true)
  })

  it('asks nothing of Intl: now in Paris, parsed, moved and formatted by domain/format (the advice panel’s work)', () => {
    Settings.resetCaches()
    const dateTimeFormat = vi.spyOn(Intl, 'DateTimeFormat')
    const numberFormat = vi.spyOn(Intl, 'NumberFormat')
    const now = DateTime.now().setZone(PARIS)
    const need = DateTime.fromISO('2026-12-03', { zone: PARIS }).plus({ days: 1 }).startOf('day')
    expect(formatMoment(need.minus({ hours: 6 }))).toBe('jeudi 03/12/2026 à 18:00')
    expect(formatHeure(now)).toMatch(/^\d\d:\d\d$/)
    expect(dayNumber(now)).toBeGreaterThan(20_000)
    expect(dateTimeFormat).not.toHaveBeenCalled()
    expect(numberFormat).not.toHaveBeenCalled()
  })
})
