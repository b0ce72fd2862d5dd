// Business days and the first allowed delivery date (ordering-area §5 and §9).
// Public functions speak luxon: days are DateTimes at the start of the day in Europe/Paris, and
// `toDay` reads ISO strings ('yyyy-MM-dd') or DateTimes. The `…Number` variants work on day
// numbers (see day-numbers.ts) for the batch checks.
import { DateTime } from 'luxon'
import { DEFAULT_ORDER_PARAMETERS, truckModeLimits, type OrderParameters } from './order-parameters'
import { minutesOf, parseIsoDuration } from './durations'
import {
  civilOf,
  dayNumber,
  dayNumberOfIso,
  isHolidayNumber,
  isoOfDayNumber,
  plusCalendar,
  weekdayOf,
} from './day-numbers'
import { PARIS } from './paris-zone'
import type { ContraintesLivraison, IsoDate, ModeCamion } from './types'

// The day number of an ISO date or a DateTime lives with the day numbers (no luxon at run time
// there); re-exported here, where the rules that speak luxon find it with the zone.
export { dayNumber }
/** Europe/Paris, computed without Intl (domain/paris-zone). */
export const ZONE = PARIS

/** The day as a DateTime at the start of the day in Paris. */
function fromDayNumber(n: number): DateTime {
  return DateTime.fromObject(civilOf(n), { zone: ZONE })
}

/** A day (start of day, Paris) from an ISO date or a DateTime; null for anything else. */
export function toDay(input: unknown): DateTime | null {
  const n = dayNumber(input)
  return n === null ? null : fromDayNumber(n)
}

/** 'yyyy-MM-dd' of a day, in Paris. */
export const toIsoDate = (d: DateTime): IsoDate => isoOfDayNumber(dayNumber(d) ?? 0)

/** Extra non-working days (the order parameters' joursFeries), as ISO dates. */
export type ExtraHolidays = readonly string[] | ReadonlySet<string> | null | undefined
const NONE: ReadonlySet<number> = new Set()
const extraCache = new WeakMap<object, ReadonlySet<number>>()
/** The extra days as day numbers, converted once per list. */
export function extraDayNumbers(extra: ExtraHolidays): ReadonlySet<number> {
  if (!extra || typeof extra !== 'object') return NONE
  let set = extraCache.get(extra)
  if (!set) {
    set = new Set(
      [...extra].map((d) => (typeof d === 'string' ? dayNumberOfIso(d) : null)).filter((n): n is number => n !== null),
    )
    extraCache.set(extra, set)
  }
  return set
}

/** Not Saturday, not Sunday, not a public holiday (nor one of the extra days). */
export const isBusinessDayNumber = (n: number, extra: ReadonlySet<number> = NONE): boolean =>
  weekdayOf(n) <= 5 && !isHolidayNumber(n) && !extra.has(n)

/** The k-th business day after day n, or before it when k is negative (0 gives n). */
export function addBusinessDayNumbers(n: number, k: number, extra: ReadonlySet<number> = NONE): number {
  const step = k < 0 ? -1 : 1
  let left = Number.isFinite(k) ? Math.floor(Math.abs(k)) : 0
  let d = n
  while (left > 0) {
    d += step
    if (isBusinessDayNumber(d, extra)) left--
  }
  return d
}

/** `day` if it is a business day, otherwise the next one. */
export function nextBusinessDay(day: DateTime, extra?: ExtraHolidays): DateTime {
  const set = extraDayNumbers(extra)
  let d = dayNumber(day) ?? 0
  while (!isBusinessDayNumber(d, set)) d++
  return fromDayNumber(d)
}

/**
 * Is it still "before the pivot"? The pivot hour (default 10:00) is pushed back by
 * DELAIS_HEURE_PIVOT (default 0h30) for a session started that same day before the pivot
 * (by 9h59): a farmer who began the order in time is not punished for taking a while.
 */
export function isBeforePivot(
  now: DateTime,
  params: OrderParameters = DEFAULT_ORDER_PARAMETERS,
  sessionStart?: DateTime | null,
): boolean {
  const n = now.setZone(ZONE)
  const pivot = params.heurePivot * 60
  let limit = pivot
  if (sessionStart && DateTime.isDateTime(sessionStart) && sessionStart.isValid) {
    const s = sessionStart.setZone(ZONE)
    // The same day in Paris, read from the fields both already hold: luxon's hasSame builds the
    // day's start and end (two zone offsets each), a cost paid on every minute the feed advice tries.
    const sameDay = s.year === n.year && s.month === n.month && s.day === n.day
    if (sameDay && s <= n && s.hour * 60 + s.minute < pivot)
      limit += minutesOf(parseIsoDuration(params.delaisHeurePivot))
  }
  return n.hour * 60 + n.minute < limit
}

export interface FirstAllowedDateInput {
  now: DateTime
  params?: OrderParameters
  /** When the user's session started (the stored login time). */
  sessionStart?: DateTime | null
  /** The article's minimum business days for this address (delivery constraints). */
  delaisMinJoursOuvres?: number | null
  /** The truck mode's minimum delay in hours (tipper 48, moving floor 72). */
  delaiMinLivraisonHeures?: number | null
}

/** Minimum number of business days between today and the first allowed delivery date. */
function minimumBusinessDays(input: FirstAllowedDateInput): number {
  const params = input.params ?? DEFAULT_ORDER_PARAMETERS
  const today = dayNumber(input.now) ?? 0
  const base =
    isBusinessDayNumber(today, extraDayNumbers(params.joursFeries)) &&
    isBeforePivot(input.now, params, input.sessionStart)
      ? 1
      : 2
  const article = Number.isFinite(input.delaisMinJoursOuvres) ? Math.floor(input.delaisMinJoursOuvres as number) : 0
  // A delay in hours counts as whole days of business days: 48 h is 2 business days ahead.
  const truck = Number.isFinite(input.delaiMinLivraisonHeures)
    ? Math.ceil((input.delaiMinLivraisonHeures as number) / 24)
    : 0
  return Math.max(base, article, truck)
}

/** The earliest delivery date allowed from `now`, as a day number. */
export function firstAllowedDayNumber(input: FirstAllowedDateInput): number {
  const params = input.params ?? DEFAULT_ORDER_PARAMETERS
  return addBusinessDayNumbers(
    dayNumber(input.now) ?? 0,
    minimumBusinessDays(input),
    extraDayNumbers(params.joursFeries),
  )
}

/** What a line's first allowed delivery date depends on besides `now` (ordering-area §5). */
export interface FirstAllowedDayContext {
  now: DateTime
  params?: OrderParameters
  sessionStart?: DateTime | null
  /** The article's delivery constraints at the line's address, when known. */
  contraintesLivraison?: Pick<ContraintesLivraison, 'delaisMinJoursOuvres'> | null
  /** The line's truck mode (its minimum delay counts), none for a quick-add. */
  codeModeCamion?: string | null
  modesCamion?: readonly ModeCamion[] | null
}

/**
 * The first allowed delivery day of a line, as a day number: the one rule the order-line form,
 * quick-add, the cart's date check, the feed advice and the server all use.
 */
export function firstAllowedDayFor(ctx: FirstAllowedDayContext): number {
  const params = ctx.params ?? DEFAULT_ORDER_PARAMETERS
  return firstAllowedDayNumber({
    now: ctx.now,
    params,
    sessionStart: ctx.sessionStart ?? null,
    delaisMinJoursOuvres: ctx.contraintesLivraison?.delaisMinJoursOuvres ?? null,
    delaiMinLivraisonHeures: ctx.codeModeCamion
      ? truckModeLimits(ctx.codeModeCamion, ctx.modesCamion, params).delaiHeures
      : null,
  })
}

/** The last date that may be ordered, as a day number: today plus DELAIS_MAX, inclusive. */
export function horizonDayNumber(now: DateTime, params: OrderParameters = DEFAULT_ORDER_PARAMETERS): number {
  const parts = parseIsoDuration(params.delaisMax) ??
    parseIsoDuration(DEFAULT_ORDER_PARAMETERS.delaisMax) ?? { months: 1 }
  return plusCalendar(dayNumber(now) ?? 0, parts)
}

/** The last date that may be ordered: today plus DELAIS_MAX (default one month), inclusive. */
export const horizonDate = (now: DateTime, params: OrderParameters = DEFAULT_ORDER_PARAMETERS): DateTime =>
  fromDayNumber(horizonDayNumber(now, params))

/**
 * Public holidays from today to `days` days ahead, for the holiday banner (default 15 days):
 * the national ones, plus any the cooperative's calendar adds (local holidays), once each.
 */
export { upcomingHolidays } from './holiday-alert'
