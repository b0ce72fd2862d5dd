// When must an order leave so that the feed arrives by the day it is needed? (issue 18: feed
// forecasts). The first allowed delivery date of an order placed at a given instant comes from
// the pivot hour, the login-time rule, the article's minimum business days, the truck mode's
// delay and the holidays (calendar.firstAllowedDayFor); a truck may only come on a
// business day the article allows at that address. The latest moment is found by bisection on
// whole minutes: "can an order placed at t still arrive in time?" only ever turns from yes to no
// as t moves on (the first allowed date never moves back), so the boundary is exact, whatever
// rule a parameter switches on.
import { DateTime } from 'luxon'
import { dayNumber, extraDayNumbers, firstAllowedDayFor, horizonDayNumber, isBusinessDayNumber, ZONE } from './calendar'
import { isoOfDayNumber, weekdayOf } from './day-numbers'
import { MODE_CAMION_DEFAUT, QUANTITE_PAS } from './constants'
import { formatDate, formatHeure } from './format'
import { DEFAULT_ORDER_PARAMETERS, truckModeLimits, type OrderParameters } from './order-parameters'
import { roundTonnes } from './tonnes'
import { allowedWeekdays } from './weekdays'
import type { ContraintesLivraison, IsoDate, ModeCamion } from './types'

/**
 * The delivery rules that do not depend on the moment of ordering (the fields of
 * delivery-window's DeliveryWindowContext but `now`): kept apart from that module so that the
 * history's first screen can show the advice without the form's date rules.
 */
export interface OrderTiming {
  params?: OrderParameters
  sessionStart?: DateTime | null
  contraintesLivraison?: ContraintesLivraison | null
  codeModeCamion?: string | null
  modesCamion?: readonly ModeCamion[] | null
  codeFamilleArticle?: string | null
}

/** Rounds tonnes up to the order form's 0.5 t step (3-decimal noise ignored). */
export function ceilToStep(tonnes: number, step: number = QUANTITE_PAS): number {
  if (!Number.isFinite(tonnes) || tonnes <= 0) return 0
  return roundTonnes(Math.ceil(roundTonnes(tonnes / step) - 1e-9) * step)
}

/**
 * The truck mode of an advised line: the one asked for (the usual one of a regular feed) when
 * the need reaches its minimum tonnage, otherwise the default auger truck.
 */
export function truckForNeed(besoin: number, timing: OrderTiming): string {
  const wanted = timing.codeModeCamion || MODE_CAMION_DEFAUT
  const { min } = truckModeLimits(wanted, timing.modesCamion, timing.params ?? DEFAULT_ORDER_PARAMETERS)
  return min !== null && ceilToStep(besoin) < min ? MODE_CAMION_DEFAUT : wanted
}

/** How far back a deliverable day is looked for (an article allowed on no weekday has none). */
const SEARCH_DAYS = 14
const MINUTE = 60_000

/** Can a truck come that day: a business day (holidays included) and a weekday the article allows. */
export function isDeliverableDay(day: number, timing: OrderTiming): boolean {
  const params = timing.params ?? DEFAULT_ORDER_PARAMETERS
  return (
    isBusinessDayNumber(day, extraDayNumbers(params.joursFeries)) &&
    allowedWeekdays(timing.contraintesLivraison).includes(weekdayOf(day))
  )
}

/** The last deliverable day on or before `day`, or null when none is found within two weeks. */
function lastDeliverableDayOnOrBefore(day: number, timing: OrderTiming): number | null {
  for (let d = day; d > day - SEARCH_DAYS; d--) if (isDeliverableDay(d, timing)) return d
  return null
}

/** The first deliverable day on or after `day`, or null when none is found within two weeks. */
export function firstDeliverableDayOnOrAfter(day: number, timing: OrderTiming): number | null {
  for (let d = day; d < day + SEARCH_DAYS; d++) if (isDeliverableDay(d, timing)) return d
  return null
}

/**
 * The latest day a line ordered at `at` may be delivered by `need`: deliverable, within the
 * order horizon, not before the first allowed date; null when there is none.
 */
export function deliveryDayBy(at: DateTime, need: IsoDate, timing: OrderTiming): number | null {
  const n = dayNumber(need)
  if (n === null) return null
  const params = timing.params ?? DEFAULT_ORDER_PARAMETERS
  const last = lastDeliverableDayOnOrBefore(Math.min(n, horizonDayNumber(at, params)), timing)
  if (last === null) return null
  return last >= firstAllowedDayFor({ ...timing, now: at }) ? last : null
}

export const canDeliverBy = (at: DateTime, need: IsoDate, timing: OrderTiming): boolean =>
  deliveryDayBy(at, need, timing) !== null

export type OrderMoment =
  /** `avant`: the first minute at which it is too late (the order must leave before it). */
  | { kind: 'a-temps'; avant: DateTime }
  /** Already too late: `auPlusTot` is the first day a line ordered now may be delivered. */
  | { kind: 'en-retard'; auPlusTot: IsoDate | null }

/**
 * The latest moment to order for a delivery on or before `need`: an order placed a minute
 * before `avant` arrives in time, one placed at `avant` does not.
 */
export function latestOrderMoment(now: DateTime, need: IsoDate, timing: OrderTiming): OrderMoment {
  let lo = Math.floor(now.toMillis() / MINUTE)
  const at = (m: number) => DateTime.fromMillis(m * MINUTE, { zone: ZONE })
  if (!canDeliverBy(at(lo), need, timing)) {
    const first = firstDeliverableDayOnOrAfter(firstAllowedDayFor({ ...timing, now }), timing)
    return { kind: 'en-retard', auPlusTot: first === null ? null : isoOfDayNumber(first) }
  }
  // An order placed on the day needed is always too late (the first allowed date is a day ahead).
  const end = DateTime.fromISO(need, { zone: ZONE }).plus({ days: 1 })
  let hi = Math.max(lo + 1, Math.ceil(end.toMillis() / MINUTE))
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2)
    if (canDeliverBy(at(mid), need, timing)) lo = mid
    else hi = mid
  }
  return { kind: 'a-temps', avant: at(hi) }
}

/** "mardi 24/11/2026 à 10:00". */
export const formatMoment = (at: DateTime): string => `${formatDate(at)} à ${formatHeure(at)}`

/** The sentence of a forecast: when to order, or that it is late and when it may arrive. */
export function orderMomentText(moment: OrderMoment): string {
  if (moment.kind === 'a-temps') return `À commander avant le ${formatMoment(moment.avant)}`
  return moment.auPlusTot
    ? `En retard : livraison au plus tôt le ${formatDate(moment.auPlusTot)}`
    : 'En retard : aucune date de livraison possible'
}
