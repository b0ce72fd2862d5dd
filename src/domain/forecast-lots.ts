// Poultry lots: what the next tranche of the current feeding plan needs, and from which day
// (issue 18). Built on the plan rules of feeding-plan.ts: a tranche is covered once 80 % of its
// orderable tonnes are ordered; the need is the rest of the orderable tonnes, rounded up to the
// 0.5 t step of the order form.
import type { DateTime } from 'luxon'
import { dayNumber, ZONE } from './calendar'
import { isoOfDayNumber } from './day-numbers'
import { ceilToStep } from './latest-order-moment'
import { isPlanOrderable, trancheStates, type PlanAlimentation, type Tranche } from './feeding-plan'
import { roundTonnes } from './tonnes'
import type { IsoDate } from './types'

interface ForecastArticle {
  numArticle: string
  libelle: string
  codeTypeArticle?: string | null
  artCommandable: boolean
}

export interface ForecastTranche extends Tranche {
  articles: readonly ForecastArticle[]
}

interface ForecastPlan extends PlanAlimentation {
  principal: boolean
  libelle: string
  tranches: readonly ForecastTranche[]
}

export interface ForecastLot {
  numLot: string
  dateMep: IsoDate
  nbAnimaux: number
  quantitesCommandees: Readonly<Record<string, number>>
  plansAlimentation: readonly ForecastPlan[]
}

export type LotForecast =
  /** No plan is within its dates today: nothing can be ordered for this lot. */
  | { kind: 'sans-plan' }
  /** Every tranche still to feed is covered. */
  | { kind: 'rien'; plan: ForecastPlan }
  | {
      kind: 'tranche'
      plan: ForecastPlan
      trancheIndex: number
      tranche: ForecastTranche
      /** Tonnes still to order, rounded up to 0.5 t. */
      besoin: number
      /** The day the tranche starts: placement date + minimum age. */
      jourBesoin: IsoDate
      /** The tranche's first orderable article, or null when none is. */
      article: ForecastArticle | null
    }

/** The plan the lot is fed on today: the principal one when within its dates, else the first that is. */
function currentPlan(lot: ForecastLot, now: DateTime): ForecastPlan | null {
  const plans = [...(lot.plansAlimentation ?? [])].sort(
    (a, b) => Number(Boolean(b.principal)) - Number(Boolean(a.principal)),
  )
  return plans.find((p) => isPlanOrderable(p, now)) ?? null
}

/** Tonnes already ordered for a tranche: the lot's ordered tonnes of the tranche's articles. */
const orderedForTranche = (lot: ForecastLot, tranche: ForecastTranche): number =>
  roundTonnes((tranche.articles ?? []).reduce((sum, a) => sum + (lot.quantitesCommandees?.[a.numArticle] ?? 0), 0))

/**
 * The lot's next tranche to feed: the one the plan rules make orderable (ordering-area §4: not
 * complete, the previous one complete), as the lots screen and the server decide. A tranche whose
 * last day (placement + maximum age) is past is still the one to complete before the next can be
 * ordered: it is advised (late), never skipped for a tranche that would be refused.
 */
export function lotForecast(lot: ForecastLot, now: DateTime): LotForecast {
  const plan = currentPlan(lot, now)
  if (!plan) return { kind: 'sans-plan' }
  const mep = dayNumber(lot.dateMep)
  const today = dayNumber(now.setZone(ZONE)) ?? 0
  if (mep === null) return { kind: 'rien', plan }
  const states = trancheStates(
    plan.tranches,
    lot.nbAnimaux,
    plan.tranches.map((t) => orderedForTranche(lot, t)),
  )
  const index = states.findIndex((s) => s.recommended)
  // Every tranche covered, or the orderable one is over and every tranche after it too: nothing to feed.
  if (index < 0 || plan.tranches.slice(index).every((t) => mep + t.ageMaxi < today)) return { kind: 'rien', plan }
  const tranche = plan.tranches[index]!
  const state = states[index]!
  return {
    kind: 'tranche',
    plan,
    trancheIndex: index,
    tranche,
    besoin: ceilToStep(state.orderable - state.ordered),
    jourBesoin: isoOfDayNumber(mep + tranche.ageMini),
    article: tranche.articles.find((a) => a.artCommandable) ?? null,
  }
}

/** A lot with the tonnes of orders not yet received by the cooperative (the device's outbox)
 * added to what it has ordered per article: the plan rules then see them as ordered. */
export function withQueuedTonnes<L extends { quantitesCommandees: Readonly<Record<string, number>> }>(
  lot: L,
  queued: Readonly<Record<string, number>> | undefined,
): L {
  if (!queued || Object.keys(queued).length === 0) return lot
  const quantitesCommandees: Record<string, number> = { ...lot.quantitesCommandees }
  for (const [numArticle, tonnes] of Object.entries(queued))
    quantitesCommandees[numArticle] = roundTonnes((quantitesCommandees[numArticle] ?? 0) + tonnes)
  return { ...lot, quantitesCommandees }
}
