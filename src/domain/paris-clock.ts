// Paris wall-clock date and time without Intl, for the first screen (issue 29): the page's first
// Intl object — a DateTimeFormat, a Collator behind localeCompare — loads ICU's data, measured
// 35–106 ms on this machine's Chromium, inside the first screen's longest task. Luxon stays for
// everything after it, in this same rule's zone (domain/paris-zone). France follows the EU's
// rule since 1996: summer time (UTC+2) from the last Sunday of March, 01:00 UTC, to the last
// Sunday of October, 01:00 UTC; UTC+1 otherwise.
// tests/domain/paris-clock.test.ts pins this to the tz data of luxon for every hour around each
// change from 2000 to 2040: a change of the rule in the tz data fails it.
import type { IsoDate } from './types'

const HOUR = 3_600_000
const DAY = 24 * HOUR

/** 01:00 UTC on the last Sunday of a month (0-based). */
function lastSundayOneAm(year: number, month: number): number {
  const lastDay = Date.UTC(year, month + 1, 0)
  return lastDay - new Date(lastDay).getUTCDay() * DAY + HOUR
}

/** Paris's offset from UTC at an instant, in minutes (60 or 120). */
export function parisOffsetMinutes(at: number): number {
  const year = new Date(at).getUTCFullYear()
  return at >= lastSundayOneAm(year, 2) && at < lastSundayOneAm(year, 9) ? 120 : 60
}

const pad = (n: number) => (n < 10 ? `0${n}` : String(n))
const wall = (at: number) => new Date(at + parisOffsetMinutes(at) * 60_000)

/** 'yyyy-MM-dd' of an instant in Paris. */
export function parisDateOf(at: number): IsoDate {
  const d = wall(at)
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`
}

/** 'HH:mm' of an instant in Paris. */
export function parisTimeOf(at: number): string {
  const d = wall(at)
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`
}
