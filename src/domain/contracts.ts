// Contracts (ordering-area §2 "Contracts", §9 "Contract expiry alert").
import type { DateTime } from 'luxon'
import { dayNumber, plusCalendar } from './day-numbers'
import type { IsoDate } from './types'

export interface Contrat {
  numContrat: string
  codeTContrat?: string | null
  contratFutur?: boolean | null
  dateDebut?: IsoDate | null
  dateFin?: IsoDate | null
  qteContrat?: number | null
  qteRestante?: number | null
}

export const LIBELLE_CONTRATS_FUTURS = 'Contrats à venir'
export const AUCUN_CONTRAT = 'Aucun contrat'

/** codeTContrat EA means apport. */
export const isApport = (c: Contrat): boolean => c.codeTContrat === 'EA'

/** Future contracts (the server's contratFutur flag) and current ones. */
export function groupContracts<C extends Contrat>(contrats: readonly C[]): { futurs: C[]; enCours: C[] } {
  return { futurs: contrats.filter((c) => c.contratFutur === true), enCours: contrats.filter((c) => c.contratFutur !== true) }
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
export const showsContractBadge = (contrats: readonly Contrat[], now: DateTime | IsoDate): boolean => contrats.some((c) => isExpiringSoon(c, now))
