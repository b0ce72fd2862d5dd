// The holiday banner's rule (ordering-area §9), on day numbers: the shell shows it on the first
// paint, which therefore needs no luxon (today comes as a DateTime or as an ISO date).
import type { DateTime } from 'luxon'
import { byCharacters } from './compare'
import { civilOf, dayNumber, isoOfDayNumber } from './day-numbers'
import { joursFeries, type JourFerie } from './holidays'
import { DEFAULT_ORDER_PARAMETERS } from './order-parameters'
import type { IsoDate } from './types'

/**
 * Public holidays from today to `days` days ahead, for the holiday banner (default 15 days):
 * the national ones, plus any the cooperative's calendar adds (local holidays), once each.
 */
export function upcomingHolidays(
  now: DateTime | IsoDate,
  days: number = DEFAULT_ORDER_PARAMETERS.delaiAlerteFeries,
  extra: readonly JourFerie[] = [],
): JourFerie[] {
  const today = dayNumber(now) ?? 0
  const last = today + Math.max(0, Math.floor(Number.isFinite(days) ? days : 0))
  const from = isoOfDayNumber(today)
  const to = isoOfDayNumber(last)
  const byDate = new Map<string, JourFerie>()
  for (let y = civilOf(today).year; y <= civilOf(last).year; y++) for (const j of joursFeries(y)) byDate.set(j.date, j)
  for (const j of Array.isArray(extra) ? extra : [])
    if (j && typeof j.date === 'string' && !byDate.has(j.date)) byDate.set(j.date, j)
  return [...byDate.values()].filter((j) => j.date >= from && j.date <= to).sort((a, b) => byCharacters(a.date, b.date))
}
