// Poultry lots and feeding plans (ordering-area §4 "Plan tranche", §9).
import type { DateTime } from 'luxon'
import { toDay, toIsoDate, ZONE } from './calendar'
import { TRANCHE_COMPLETE_RATIO } from './constants'
import { roundTonnes } from './tonnes'
import type { Code, IsoDate } from './types'

export interface Tranche {
  ageMini: number
  ageMaxi: number
  /** kg per animal. */
  quantite: number
}

export interface PlanAlimentation {
  principal?: boolean | null
  dateDebut?: IsoDate | null
  dateFin?: IsoDate | null
  libelle?: string | null
  tranches?: readonly Tranche[] | null
}

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0)

/** Orderable quantity in tonnes: kg per animal × animals ÷ 1000. */
export const orderableTonnes = (quantiteKgParAnimal: number, nbAnimaux: number): number =>
  roundTonnes((num(quantiteKgParAnimal) * num(nbAnimaux)) / 1000)

/** A tranche is complete when the ordered quantity is at least 80 % of the orderable one. */
export const isTrancheComplete = (orderedTonnes: number, orderable: number): boolean =>
  roundTonnes(num(orderedTonnes)) >= roundTonnes(TRANCHE_COMPLETE_RATIO * num(orderable))

export interface TrancheState {
  orderable: number
  ordered: number
  complete: boolean
  /** Orderable and recommended: not complete, and the previous tranche is complete. */
  recommended: boolean
}

/** The state of each tranche, given the tonnes already ordered for each (same order). */
export function trancheStates(
  tranches: readonly Tranche[],
  nbAnimaux: number,
  orderedTonnes: readonly number[],
): TrancheState[] {
  const states: TrancheState[] = []
  tranches.forEach((t, i) => {
    const orderable = orderableTonnes(t?.quantite, nbAnimaux)
    const ordered = roundTonnes(num(orderedTonnes[i]))
    const complete = isTrancheComplete(ordered, orderable)
    const previousComplete = i === 0 || (states[i - 1]?.complete ?? false)
    states.push({ orderable, ordered, complete, recommended: !complete && previousComplete })
  })
  return states
}

/** A plan is orderable only when it has started and not ended (either date may be open). */
export function isPlanOrderable(plan: PlanAlimentation, now: DateTime): boolean {
  const today = toIsoDate(now.setZone(ZONE))
  const debut = toDay(plan?.dateDebut)
  const fin = toDay(plan?.dateFin)
  return (!debut || toIsoDate(debut) <= today) && (!fin || today <= toIsoDate(fin))
}

/** The dates a tranche covers, from the lot's placement date (dateMep) and the tranche's ages in days. */
export function trancheWindow(
  dateMep: IsoDate | null | undefined,
  tranche: Tranche,
): { debut: IsoDate; fin: IsoDate } | null {
  const mep = toDay(dateMep)
  if (!mep) return null
  return {
    debut: toIsoDate(mep.plus({ days: num(tranche.ageMini) })),
    fin: toIsoDate(mep.plus({ days: num(tranche.ageMaxi) })),
  }
}

/** Lot types by number prefix: OL laying poultry, VL meat poultry. */
export function lotType(numLot: Code): 'PONTE' | 'CHAIR' | null {
  const n = typeof numLot === 'string' ? numLot.trim().toUpperCase() : ''
  return n.startsWith('OL') ? 'PONTE' : n.startsWith('VL') ? 'CHAIR' : null
}

/** A lot as the rules see it (the API's Lot fits): its animals, ordered tonnes per article, plans. */
interface LotTranche extends Tranche {
  articles?: readonly { numArticle: string }[] | null
}
export interface LotPlan extends Omit<PlanAlimentation, 'tranches'> {
  tranches?: readonly LotTranche[] | null
}
export interface LotPlans {
  nbAnimaux: number
  quantitesCommandees: Readonly<Record<string, number>>
  plansAlimentation: readonly LotPlan[]
}

/** Tonnes ordered for a tranche: the lot's ordered tonnes of the tranche's articles. */
const orderedFor = (lot: LotPlans, articles: readonly { numArticle: string }[]) =>
  articles.reduce((sum, a) => sum + num(lot.quantitesCommandees?.[a.numArticle]), 0)

/** The state of each tranche of one of the lot's plans. */
export function planTrancheStates(lot: LotPlans, plan: LotPlan): TrancheState[] {
  const tranches = Array.isArray(plan?.tranches) ? plan.tranches : []
  return trancheStates(
    tranches,
    lot.nbAnimaux,
    tranches.map((t) => orderedFor(lot, Array.isArray(t.articles) ? t.articles : [])),
  )
}

// Not worded by the spec (it only says such tranches are not orderable): the reasons the lots
// screen gives on a disabled "Commander" and the server in its 409.
export const TRANCHE_REFUS = {
  planHorsDates: "Plan d'alimentation hors de ses dates",
  complete: 'Tranche complète',
  precedenteIncomplete: "La tranche précédente n'est pas complète",
  aucuneTranche: "Article d'aucune tranche commandable d'un plan en cours de ce lot",
} as const

/**
 * Why a tranche cannot be ordered, or null: a tranche is orderable (and recommended) only if
 * its plan is current, it is not complete and the previous tranche is complete.
 */
export function trancheRefusal(state: TrancheState | undefined, planOrderable: boolean): string | null {
  if (!planOrderable) return TRANCHE_REFUS.planHorsDates
  if (!state) return TRANCHE_REFUS.aucuneTranche
  if (state.complete) return TRANCHE_REFUS.complete
  return state.recommended ? null : TRANCHE_REFUS.precedenteIncomplete
}

/** May this article be ordered for this lot today: is it in an orderable tranche of a current plan? */
export function isLotArticleOrderable(lot: LotPlans, numArticle: string, now: DateTime): boolean {
  const plans: readonly LotPlan[] = Array.isArray(lot?.plansAlimentation) ? lot.plansAlimentation : []
  return plans.some((plan) => {
    const planOrderable = isPlanOrderable(plan, now)
    const states = planTrancheStates(lot, plan)
    const tranches: readonly LotTranche[] = plan.tranches ?? []
    return tranches.some(
      (t, i) =>
        trancheRefusal(states[i], planOrderable) === null &&
        (t.articles ?? []).some((a) => a.numArticle === numArticle),
    )
  })
}
