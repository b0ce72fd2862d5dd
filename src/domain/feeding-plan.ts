// Poultry lots and feeding plans (ordering-area §4 "Plan tranche", §9).
import type { DateTime } from 'luxon'
import { toDay, toIsoDate, ZONE } from './calendar'
import { TRANCHE_COMPLETE_RATIO } from './constants'
import { roundTonnes } from './tonnes'
import type { IsoDate } from './types'

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
export function trancheStates(tranches: readonly Tranche[], nbAnimaux: number, orderedTonnes: readonly number[]): TrancheState[] {
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
export function trancheWindow(dateMep: unknown, tranche: Tranche): { debut: IsoDate; fin: IsoDate } | null {
  const mep = toDay(dateMep)
  if (!mep) return null
  return { debut: toIsoDate(mep.plus({ days: num(tranche.ageMini) })), fin: toIsoDate(mep.plus({ days: num(tranche.ageMaxi) })) }
}

/** Lot types by number prefix: OL laying poultry, VL meat poultry. */
export function lotType(numLot: unknown): 'PONTE' | 'CHAIR' | null {
  const n = typeof numLot === 'string' ? numLot.trim().toUpperCase() : ''
  return n.startsWith('OL') ? 'PONTE' : n.startsWith('VL') ? 'CHAIR' : null
}
