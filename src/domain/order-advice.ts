// An advised order (issue 18): the line the order-line form opens with — quantity, truck mode
// and delivery window chosen so that the form's own rules (validateOrderLine) accept it as it
// is. Apart from latest-order-moment.ts: only a tap needs it (the date rules of the form).
import type { DateTime } from 'luxon'
import { dayNumber, horizonDayNumber } from './calendar'
import { isoOfDayNumber } from './day-numbers'
import { firstAllowedDayFor } from './calendar'
import { defaultEndDate, defaultStartDate, minGapDays, type DeliveryWindowContext } from './delivery-window'
import {
  ceilToStep,
  deliveryDayBy,
  firstDeliverableDayOnOrAfter,
  isDeliverableDay,
  truckForNeed,
  type OrderTiming,
} from './latest-order-moment'
import { DEFAULT_ORDER_PARAMETERS, truckModeLimits } from './order-parameters'
import { quantityBounds } from './quantity'
import { defaultSlots } from './slots'
import { roundTonnes } from './tonnes'
import type { ContraintesArticle, IsoDate } from './types'

export interface AdviceInput extends OrderTiming {
  now: DateTime
  /** Tonnes needed. */
  besoin: number
  jourBesoin: IsoDate
  contraintesArticle?: ContraintesArticle | null
}

export interface AdvisedLine {
  /** The need, within the article's and the truck's limits. */
  quantite: number
  codeModeCamion: string
  fenetre: { datePrevueLivraison: IsoDate; finDatePrevueLivraison: IsoDate } | null
  /** The slots, allowed for that window: on a single day, not ID → ID (slots.defaultSlots). */
  creneaux: { matinApmidi: string; finMatinApmidi: string }
}

/**
 * The quantity one line can carry toward the need: rounded up to 0.5 t, at most what the
 * article and the truck allow (a larger need takes several lines), at least their minimum.
 */
export function adviceQuantity(
  besoin: number,
  input: Pick<AdviceInput, 'contraintesArticle' | 'codeModeCamion' | 'modesCamion' | 'params'>,
): number {
  const bounds = quantityBounds(input.contraintesArticle)
  if (bounds.min >= bounds.max) return bounds.min
  const truck = truckModeLimits(
    input.codeModeCamion || 'VIS',
    input.modesCamion,
    input.params ?? DEFAULT_ORDER_PARAMETERS,
  )
  const max = Math.min(bounds.max, truck.max ?? bounds.max)
  const min = Math.max(bounds.min, truck.min ?? 0)
  return roundTonnes(Math.max(min, Math.min(max, ceilToStep(besoin))))
}

/**
 * The delivery window a line ordered now gets: ending on the last deliverable day on or before
 * the day needed (the order horizon permitting), starting on the form's default start for that
 * end. When that is no longer possible, the earliest window: the first deliverable day and its
 * default end. Both pass validateDeliveryWindow at `ctx.now`. When the first allowed day is the
 * day needed, the window is that single day (never ending after the need): its slots then come
 * from slots.defaultSlots, as ID → ID is not a single day's pair.
 */
export function orderWindow(need: IsoDate, ctx: DeliveryWindowContext): AdvisedLine['fenetre'] {
  const end = deliveryDayBy(ctx.now, need, ctx)
  const gap = minGapDays(ctx.codeFamilleArticle, ctx.codeModeCamion)
  if (end !== null) {
    const start = dayNumber(defaultStartDate(isoOfDayNumber(end), ctx))
    if (start !== null && start + gap <= end && isDeliverableDay(start, ctx) && start >= firstAllowedDayFor(ctx)) {
      return { datePrevueLivraison: isoOfDayNumber(start), finDatePrevueLivraison: isoOfDayNumber(end) }
    }
  }
  const first = firstDeliverableDayOnOrAfter(firstAllowedDayFor(ctx), ctx)
  if (first === null || first > horizonDayNumber(ctx.now, ctx.params ?? DEFAULT_ORDER_PARAMETERS)) return null
  const fin = defaultEndDate(isoOfDayNumber(first), ctx)
  return fin ? { datePrevueLivraison: isoOfDayNumber(first), finDatePrevueLivraison: fin } : null
}

/** The advised line; its truck mode is the one the latest moment was computed with. */
export function advisedLine(input: AdviceInput): AdvisedLine {
  let codeModeCamion = truckForNeed(input.besoin, input)
  let quantite = adviceQuantity(input.besoin, { ...input, codeModeCamion })
  // The article's limits and the truck's may not meet (a 25 t tipper, a 15 t feed): then the auger truck.
  const truck = truckModeLimits(codeModeCamion, input.modesCamion, input.params ?? DEFAULT_ORDER_PARAMETERS)
  const bounds = quantityBounds(input.contraintesArticle)
  if (
    (truck.min !== null && quantite < truck.min) ||
    (truck.max !== null && quantite > truck.max) ||
    quantite > bounds.max
  ) {
    codeModeCamion = 'VIS'
    quantite = adviceQuantity(input.besoin, { ...input, codeModeCamion })
  }
  const fenetre = orderWindow(input.jourBesoin, { ...input, codeModeCamion })
  const creneaux = defaultSlots(fenetre?.datePrevueLivraison, fenetre?.finDatePrevueLivraison)
  return { quantite, codeModeCamion, fenetre, creneaux }
}
