// Days as integers (days since 1970-01-01, a civil date with no time zone) for the hot paths:
// a cart check or the server's order acceptance runs the calendar thousands of times, and
// luxon's zone-aware arithmetic costs microseconds per call. Luxon stays at the edges.
import type { DateTime } from 'luxon'
import { civilOf, dayNumberOf, dayNumberOfIso } from '../contract/iso-date'
import { joursFeries } from './holidays'
import { parisOffsetMinutes } from './paris-clock'

// The wire's day numbers are the calendar's (src/contract/iso-date).
export { civilOf, dayNumberOfIso }

// Luxon's own test (DateTime.isDateTime) is this marker: reading it here keeps this module, and
// the screens of the first paint that only format and compare days, free of luxon at run time.
const isDateTime = (x: unknown): x is DateTime =>
  typeof x === 'object' && x !== null && (x as { isLuxonDateTime?: unknown }).isLuxonDateTime === true

const pad = (n: number) => (n < 10 ? `0${n}` : String(n))
export function isoOfDayNumber(n: number): string {
  const { year, month, day } = civilOf(n)
  return `${year}-${pad(month)}-${pad(day)}`
}

/** ISO weekday: 1 = Monday … 7 = Sunday (day 0 was a Thursday). */
export const weekdayOf = (n: number): number => ((((n + 3) % 7) + 7) % 7) + 1

// Public holidays as day numbers, filled year by year on demand.
const holidayDays = new Set<number>()
const loadedYears = new Set<number>()
const loadYear = (y: number) => {
  if (loadedYears.has(y)) return
  loadedYears.add(y)
  for (const j of joursFeries(y)) holidayDays.add(dayNumberOfIso(j.date) as number)
}

export function isHolidayNumber(n: number): boolean {
  // A year is 365 or 366 days: the approximate year and its neighbours cover any day.
  const y = 1970 + Math.floor(n / 365.2425)
  loadYear(y - 1)
  loadYear(y)
  loadYear(y + 1)
  return holidayDays.has(n)
}

/** Adds years, months and days like luxon: the day of month is clamped (31 Jan + 1 month = 28 Feb). */
export function plusCalendar(
  n: number,
  parts: { years?: number; months?: number; weeks?: number; days?: number },
): number {
  const { year, month, day } = civilOf(n)
  const totalMonths = year * 12 + (month - 1) + (parts.years ?? 0) * 12 + (parts.months ?? 0)
  const y = Math.floor(totalMonths / 12)
  const m = (totalMonths % 12) + 1
  const lastDay = civilOf(dayNumberOf(y, m + 1, 1) - 1).day
  return dayNumberOf(y, m, Math.min(day, lastDay)) + (parts.weeks ?? 0) * 7 + (parts.days ?? 0)
}

/** The day number of an ISO date or a luxon DateTime (its Paris date); null for anything else. */
export function dayNumber(input: unknown): number | null {
  if (typeof input === 'string') return dayNumberOfIso(input)
  if (!isDateTime(input) || !input.isValid) return null
  // Its Paris date by the EU rule (domain/paris-clock): no luxon zone, no Intl (issue 29).
  const at = input.toMillis()
  return Math.floor((at + parisOffsetMinutes(at) * 60_000) / 86_400_000)
}
