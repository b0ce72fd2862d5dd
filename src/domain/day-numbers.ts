// Days as integers (days since 1970-01-01, a civil date with no time zone) for the hot paths:
// a cart check or the server's order acceptance runs the calendar thousands of times, and
// luxon's zone-aware arithmetic costs microseconds per call. Luxon stays at the edges.
import type { DateTime } from 'luxon'
import { joursFeries } from './holidays'

export const ZONE = 'Europe/Paris'

// Luxon's own test (DateTime.isDateTime) is this marker: reading it here keeps this module, and
// the screens of the first paint that only format and compare days, free of luxon at run time.
const isDateTime = (x: unknown): x is DateTime =>
  typeof x === 'object' && x !== null && (x as { isLuxonDateTime?: unknown }).isLuxonDateTime === true

const MS_PER_DAY = 86_400_000

const dayNumberOf = (year: number, month: number, day: number): number => Date.UTC(year, month - 1, day) / MS_PER_DAY

export function civilOf(n: number): { year: number; month: number; day: number } {
  const d = new Date(n * MS_PER_DAY)
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() }
}

const pad = (n: number) => (n < 10 ? `0${n}` : String(n))
export function isoOfDayNumber(n: number): string {
  const { year, month, day } = civilOf(n)
  return `${year}-${pad(month)}-${pad(day)}`
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** The day number of a real 'yyyy-MM-dd' date; null otherwise (2026-02-30 included). */
export function dayNumberOfIso(text: string): number | null {
  const m = ISO_DATE.exec(text)
  if (!m) return null
  const y = Number(m[1])
  const mo = Number(m[2])
  const d = Number(m[3])
  if (mo < 1 || mo > 12 || d < 1 || d > 31) return null
  const n = dayNumberOf(y, mo, d)
  const back = civilOf(n)
  return back.month === mo && back.day === d ? n : null
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
  const p = input.setZone(ZONE)
  return dayNumberOf(p.year, p.month, p.day)
}
