// Contracts (ordering-area §2 "Contracts", §9 "Contract expiry alert").
import type { DateTime } from 'luxon'
import { dayNumber, plusCalendar } from './day-numbers'
import type { IsoDate } from './types'

export interface Contrat {
  numContrat: string
  numArticle?: string | null
  codeTContrat?: string | null
  contratFutur?: boolean | null
  dateDebut?: IsoDate | null
  dateFin?: IsoDate | null
  qteContrat?: number | null
  qteRestante?: number | null
}

export const LIBELLE_CONTRATS_FUTURS = 'Contrats à venir'

/** codeTContrat EA means apport. */
export const isApport = (c: Contrat): boolean => c.codeTContrat === 'EA'

/** Future contracts (the server's contratFutur flag) and current ones. */
export function groupContracts<C extends Contrat>(contrats: readonly C[]): { futurs: C[]; enCours: C[] } {
  return {
    futurs: contrats.filter((c) => c.contratFutur === true),
    enCours: contrats.filter((c) => c.contratFutur !== true),
  }
}

/** Ends within one month (from today, today included) with remaining quantity above 0. */
export function isExpiringSoon(c: Contrat, now: DateTime | IsoDate): boolean {
  const fin = dayNumber(c?.dateFin)
  const restante = c?.qteRestante
  const today = dayNumber(now)
  if (fin === null || today === null || typeof restante !== 'number' || !(restante > 0)) return false
  return fin >= today && fin <= plusCalendar(today, { months: 1 })
}

/** The menu's badge. */
export const showsContractBadge = (contrats: readonly Contrat[], now: DateTime | IsoDate): boolean =>
  contrats.some((c) => isExpiringSoon(c, now))

// Not worded by the spec (it only says a line may name its contract): why the server refuses one.
export const CONTRAT_REFUS = {
  inconnu: 'Contrat inconnu pour ce tiers',
  autreArticle: "Contrat d'un autre article",
  termine: 'Contrat terminé',
} as const

/**
 * Whether an order line may be drawn on this contract (issue 43, item 10): started and not ended,
 * with tonnes left. The Contrats screen offers "Commander sur ce contrat" for it.
 */
export function canDrawOn(c: Contrat, now: DateTime | IsoDate): boolean {
  const today = dayNumber(now)
  const debut = dayNumber(c.dateDebut)
  const fin = dayNumber(c.dateFin)
  return (
    today !== null &&
    c.contratFutur !== true &&
    (debut === null || debut <= today) &&
    (fin === null || fin >= today) &&
    typeof c.qteRestante === 'number' &&
    c.qteRestante > 0
  )
}

/** The customer's contracts an order line for this article may be drawn on: the order-line form's choice. */
export function contractsToDrawOn<C extends Contrat>(
  contrats: readonly C[],
  numArticle: string,
  now: DateTime | IsoDate,
): C[] {
  return contrats.filter((c) => c.numArticle === numArticle && canDrawOn(c, now))
}

/** Why a line may not name this contract (null: it may): the customer's, for this article, not ended. */
export function contractRefusal(c: Contrat | null | undefined, numArticle: string, now: DateTime): string | null {
  if (!c) return CONTRAT_REFUS.inconnu
  if (c.numArticle !== numArticle) return CONTRAT_REFUS.autreArticle
  const fin = dayNumber(c.dateFin)
  const today = dayNumber(now)
  return fin !== null && today !== null && fin < today ? CONTRAT_REFUS.termine : null
}
