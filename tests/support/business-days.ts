// Dates of tests that run on the real clock (browser tests, benches), on the domain's day-number
// API: ISO dates in, ISO dates out, business days as the server counts them.
import { DateTime } from 'luxon'
import { addBusinessDayNumbers, isBusinessDayNumber } from '../../src/domain/calendar'
import { dayNumber, dayNumberOfIso, isoOfDayNumber } from '../../src/domain/day-numbers'
import { ZONE } from '../../src/domain/calendar'

/** Today in Paris, as an ISO date. */
export const todayIso = (): string => isoOfDayNumber(dayNumber(DateTime.now().setZone(ZONE))!)

/** The ISO date `n` business days after `from` (an ISO date; default today in Paris). */
export const businessDaysAfter = (n: number, from: string = todayIso()): string =>
  isoOfDayNumber(addBusinessDayNumbers(dayNumberOfIso(from)!, n))

/** `iso` if it is a business day, else the next one. */
export function businessDayFrom(iso: string): string {
  let n = dayNumberOfIso(iso)!
  while (!isBusinessDayNumber(n)) n++
  return isoOfDayNumber(n)
}
