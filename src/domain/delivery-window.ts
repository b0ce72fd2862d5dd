// The delivery window of a line: both dates, the first allowed date, business days, horizon,
// allowed weekdays, the minimum gap, the two confirmations and the default dates
// (ordering-area §5 "Quick-add and order-line delivery rules"). Dates come in as ISO strings or
// DateTimes (see calendar.toDay) and go out as ISO strings.
import type { DateTime } from 'luxon'
import {
  addBusinessDayNumbers,
  dayNumber,
  extraDayNumbers,
  firstAllowedDayFor,
  horizonDayNumber,
  isBusinessDayNumber,
} from './calendar'
import { isoOfDayNumber, weekdayOf } from './day-numbers'
import { FAMILLE_ECART_UN_JOUR, MESSAGES, PETITS_CAMIONS } from './constants'
import { parseIsoDuration, workingDaysOf } from './durations'
import { formatDateCourte } from './format'
import { DEFAULT_ORDER_PARAMETERS, type OrderParameters } from './order-parameters'
import { allowedWeekdays, commonWeekdays, weekdaysMessage } from './weekdays'
import type { Code, ContraintesLivraison, IsoDate, ModeCamion } from './types'

/** A date field: 'yyyy-MM-dd', or empty on a half-filled form. */
type DateInput = IsoDate | null | undefined

export interface DeliveryWindowContext {
  now: DateTime
  params?: OrderParameters
  sessionStart?: DateTime | null
  contraintesLivraison?: ContraintesLivraison | null
  codeFamilleArticle?: string | null
  /** Order lines only: the truck mode's minimum delay counts too (quick-add passes none). */
  codeModeCamion?: string | null
  modesCamion?: readonly ModeCamion[] | null
  /** Precomputed by batch checks (a whole cart): first allowed date and horizon, as day numbers. */
  firstAllowedDay?: number
  horizonDay?: number
}

export interface DeliveryWindowErrors {
  datePrevueLivraison: string | null
  finDatePrevueLivraison: string | null
}

/** Family 461: the family codes are 5 digits (46110), so "461" is their prefix. */
export const isFamille461 = (codeFamilleArticle: Code): boolean =>
  typeof codeFamilleArticle === 'string' && codeFamilleArticle.trim().startsWith(FAMILLE_ECART_UN_JOUR)

/** Minimum gap in days between the two dates: 1 for family 461 or small trucks (VISP, PNEUP). */
export function minGapDays(codeFamilleArticle: Code, codeModeCamion: Code): number {
  return isFamille461(codeFamilleArticle) ||
    (typeof codeModeCamion === 'string' && PETITS_CAMIONS.includes(codeModeCamion))
    ? 1
    : 0
}

const paramsOf = (ctx: DeliveryWindowContext) => ctx.params ?? DEFAULT_ORDER_PARAMETERS

/** First allowed date for this article, address and truck mode, as a day number (calendar's rule, or the batch's precomputed one). */
const firstAllowedDayOf = (ctx: DeliveryWindowContext): number => ctx.firstAllowedDay ?? firstAllowedDayFor(ctx)

/** First allowed date for this article, address and truck mode ('yyyy-MM-dd'). */
export const firstAllowedDateFor = (ctx: DeliveryWindowContext): IsoDate => isoOfDayNumber(firstAllowedDayOf(ctx))

/** Checks of one date that do not depend on the other one. */
function checkDay(
  day: number,
  ctx: DeliveryWindowContext,
  allowed: readonly number[],
  first: number | null,
): string | null {
  const params = paramsOf(ctx)
  if (first !== null && day < first) return MESSAGES.dateMin(formatDateCourte(isoOfDayNumber(first)))
  if (!isBusinessDayNumber(day, extraDayNumbers(params.joursFeries))) return MESSAGES.jourOuvre
  if (day > (ctx.horizonDay ?? horizonDayNumber(ctx.now, params))) return MESSAGES.delaisMaxDepasse
  if (!allowed.includes(weekdayOf(day))) return weekdaysMessage(allowed)
  return null
}

/** The message for an end date too close to the start date, or null. */
function gapMessage(start: number, end: number, gap: number): string | null {
  if (end >= start + gap) return null
  if (gap <= 0) return MESSAGES.dateFinAvantDebut
  return gap === 1 ? MESSAGES.dateFinStrictementApres : MESSAGES.dateFinEcartMin(gap)
}

/** Validates both dates of a line; each field gets its first failing rule's message. */
export function validateDeliveryWindow(
  start: DateInput,
  end: DateInput,
  ctx: DeliveryWindowContext,
): DeliveryWindowErrors {
  const s = dayNumber(start)
  const e = dayNumber(end)
  if (s === null || e === null) {
    return {
      datePrevueLivraison: s !== null ? null : MESSAGES.periodeRequise,
      finDatePrevueLivraison: e !== null ? null : MESSAGES.periodeRequise,
    }
  }
  const allowed = allowedWeekdays(ctx.contraintesLivraison)
  const startError = checkDay(s, ctx, allowed, firstAllowedDayOf(ctx))
  const endError =
    checkDay(e, ctx, allowed, null) ?? gapMessage(s, e, minGapDays(ctx.codeFamilleArticle, ctx.codeModeCamion))
  return { datePrevueLivraison: startError, finDatePrevueLivraison: endError }
}

/** 'Période anticipée': the start is earlier than DELAIS_ALERTE working days from today. A date
 * the rules refuse anyway (a Saturday, a holiday, too early) is not asked about: its error says
 * why, and asking "Voulez-vous continuer ?" first would promise what is then refused. */
export function needsEarlyStartConfirmation(start: DateInput, ctx: DeliveryWindowContext): boolean {
  const s = dayNumber(start)
  if (s === null) return false
  if (checkDay(s, ctx, allowedWeekdays(ctx.contraintesLivraison), firstAllowedDayOf(ctx)) !== null) return false
  const params = paramsOf(ctx)
  const today = dayNumber(ctx.now) ?? 0
  return (
    s <
    addBusinessDayNumbers(
      today,
      workingDaysOf(parseIsoDuration(params.delaisAlerte)),
      extraDayNumbers(params.joursFeries),
    )
  )
}

/** 'Intervalle de date': the end is more than ECART_DATE working days after the start. */
export function needsLongRangeConfirmation(start: DateInput, end: DateInput, ctx: DeliveryWindowContext): boolean {
  const s = dayNumber(start)
  const e = dayNumber(end)
  if (s === null || e === null) return false
  const params = paramsOf(ctx)
  return (
    e > addBusinessDayNumbers(s, workingDaysOf(parseIsoDuration(params.ecartDate)), extraDayNumbers(params.joursFeries))
  )
}

const deliverable = (d: number, ctx: DeliveryWindowContext) =>
  isBusinessDayNumber(d, extraDayNumbers(paramsOf(ctx).joursFeries)) &&
  allowedWeekdays(ctx.contraintesLivraison).includes(weekdayOf(d))

/**
 * Default end date for a start date: the widest window that needs no confirmation (ECART_DATE
 * working days after the start), pulled back to a deliverable day, never closer to the start
 * than the minimum gap. The spec only says "a default"; the widest window leaves the
 * cooperative the most room to plan its trucks.
 */
export function defaultEndDate(start: DateInput, ctx: DeliveryWindowContext): IsoDate | null {
  const s = dayNumber(start)
  if (s === null) return null
  const params = paramsOf(ctx)
  const earliest = s + minGapDays(ctx.codeFamilleArticle, ctx.codeModeCamion)
  let d = addBusinessDayNumbers(
    s,
    workingDaysOf(parseIsoDuration(params.ecartDate)),
    extraDayNumbers(params.joursFeries),
  )
  d = Math.max(earliest, Math.min(d, horizonDayNumber(ctx.now, params)))
  for (let back = d; back >= earliest; back--) if (deliverable(back, ctx)) return isoOfDayNumber(back)
  for (let fwd = earliest; fwd < earliest + 31; fwd++) if (deliverable(fwd, ctx)) return isoOfDayNumber(fwd)
  return isoOfDayNumber(earliest)
}

/**
 * The end date once the start date is changed: kept while it is still valid against the new start
 * (on or after it, the minimum gap counted), otherwise moved to the default end for that start
 * ("Entering one date without the other fills the other with a default": a start moved past the
 * end leaves no valid end behind). A start cleared keeps the end as it is.
 */
export function endDateForStart(start: DateInput, end: DateInput, ctx: DeliveryWindowContext): IsoDate | null {
  const s = dayNumber(start)
  const e = dayNumber(end)
  if (s === null) return e === null ? null : isoOfDayNumber(e)
  if (e !== null && e >= s + minGapDays(ctx.codeFamilleArticle, ctx.codeModeCamion)) return isoOfDayNumber(e)
  return defaultEndDate(start, ctx)
}

/** Default start date for an end date: the reverse rule, never before the first allowed date. */
export function defaultStartDate(end: DateInput, ctx: DeliveryWindowContext): IsoDate | null {
  const e = dayNumber(end)
  if (e === null) return null
  const params = paramsOf(ctx)
  const latest = e - minGapDays(ctx.codeFamilleArticle, ctx.codeModeCamion)
  const d = Math.max(
    firstAllowedDayOf(ctx),
    addBusinessDayNumbers(e, -workingDaysOf(parseIsoDuration(params.ecartDate)), extraDayNumbers(params.joursFeries)),
  )
  for (let fwd = d; fwd <= latest; fwd++) if (deliverable(fwd, ctx)) return isoOfDayNumber(fwd)
  return isoOfDayNumber(d)
}

/**
 * Weekdays common to the articles chosen in the history's quick-add dialog; the message when
 * there is none (the dialog then closes).
 */
export function commonDeliveryWeekdays(list: readonly (ContraintesLivraison | null | undefined)[]): {
  weekdays: number[]
  message: string | null
} {
  // Only business weekdays matter: a Saturday in common does not make a delivery possible.
  const weekdays = commonWeekdays(Array.isArray(list) ? list : []).filter((n) => n <= 5)
  return { weekdays, message: weekdays.length === 0 ? MESSAGES.aucunJourCommun : null }
}
