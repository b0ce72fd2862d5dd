// An advised order (issue 18): a need (tonnes, the day needed) turned into the latest moment to
// order and the line the order-line form opens with — quantity, truck mode and delivery window
// chosen so that the form's own rules (validateOrderLine) accept the line as it is.
import type { DateTime } from 'luxon'
import { MODE_CAMION_DEFAUT } from './constants'
import { ceilToStep } from './forecast-lots'
import { latestOrderMoment, orderWindow, type OrderMoment, type OrderTiming } from './latest-order-moment'
import { DEFAULT_ORDER_PARAMETERS, truckModeLimits } from './order-parameters'
import { quantityBounds } from './quantity'
import { roundTonnes } from './tonnes'
import { validateTruckMode } from './truck-mode'
import type { ContraintesArticle, IsoDate } from './types'

export interface AdviceInput extends OrderTiming {
  now: DateTime
  /** Tonnes needed. */
  besoin: number
  jourBesoin: IsoDate
  contraintesArticle?: ContraintesArticle | null
}

export interface OrderAdvice {
  moment: OrderMoment
  /** The prefilled quantity: the need, within the article's and the truck's limits. */
  quantite: number
  codeModeCamion: string
  fenetre: { datePrevueLivraison: IsoDate; finDatePrevueLivraison: IsoDate } | null
}

/**
 * The quantity one line can carry toward the need: rounded up to 0.5 t, at most what the
 * article and the truck allow (a larger need takes several lines), at least their minimum.
 */
export function adviceQuantity(besoin: number, input: Pick<AdviceInput, 'contraintesArticle' | 'codeModeCamion' | 'modesCamion' | 'params'>): number {
  const bounds = quantityBounds(input.contraintesArticle)
  if (bounds.min >= bounds.max) return bounds.min
  const truck = truckModeLimits(input.codeModeCamion ?? MODE_CAMION_DEFAUT, input.modesCamion, input.params ?? DEFAULT_ORDER_PARAMETERS)
  const max = Math.min(bounds.max, truck.max ?? bounds.max)
  const min = Math.max(bounds.min, truck.min ?? 0)
  return roundTonnes(Math.max(min, Math.min(max, ceilToStep(besoin))))
}

/** The truck mode asked for, when the need fills it (its minimum); otherwise the default auger truck. */
function truckFor(besoin: number, input: AdviceInput): string {
  const wanted = input.codeModeCamion || MODE_CAMION_DEFAUT
  const params = input.params ?? DEFAULT_ORDER_PARAMETERS
  const { min } = truckModeLimits(wanted, input.modesCamion, params)
  if (min !== null && ceilToStep(besoin) < min) return MODE_CAMION_DEFAUT
  const q = adviceQuantity(besoin, { ...input, codeModeCamion: wanted })
  return validateTruckMode(wanted, q, input.modesCamion, params) === null ? wanted : MODE_CAMION_DEFAUT
}

export function orderAdvice(input: AdviceInput): OrderAdvice {
  const codeModeCamion = truckFor(input.besoin, input)
  const timing = { ...input, codeModeCamion }
  return {
    moment: latestOrderMoment(input.now, input.jourBesoin, timing),
    quantite: adviceQuantity(input.besoin, timing),
    codeModeCamion,
    fenetre: orderWindow(input.jourBesoin, timing),
  }
}
