// Order steps, their labels and the sorting of the orders list (cart-orders-admin §4).
import { MESSAGES } from './constants'
import { byCharacters } from './compare'
import { text } from './text'
import type { Code } from './types'

export const ETAPES_EN_COURS = ['ENREGISTREE', 'PREPAREE', 'VALORISEE', 'LOGISTIQUE', 'LIVREE'] as const
export const ETAPES_HISTORIQUE = ['FACTUREE', 'ERREUR', 'SUPPRIMEE'] as const

const LOGISTIQUE = 'EN LOGISTIQUE'
const LIGNE: Record<string, string> = {
  ENREGISTREE: 'En attente de validation',
  VALORISEE: 'Valorisée',
  PREPAREE: 'Préparée',
  LOGISTIQUE,
  LIVREE: 'Livrée',
  FACTUREE: 'Facturée',
  SUPPRIMEE: 'Supprimée',
  ERREUR: 'Erreur',
}
const COMMANDE: Record<string, string> = { ...LIGNE, PREPAREE: LOGISTIQUE }
const RANG: Record<string, number> = {
  ENREGISTREE: 1,
  VALORISEE: 2,
  PREPAREE: 3,
  LOGISTIQUE: 3,
  LIVREE: 4,
  FACTUREE: 5,
  SUPPRIMEE: 9,
}

const own = (map: Record<string, string>, k: string) => (Object.hasOwn(map, k) ? map[k] : undefined)

/** The label of a line's step; any other value is shown as is. */
export const lineStepLabel = (etape: Code): string => own(LIGNE, text(etape)) ?? text(etape)

/** The label of a step at the order level (PREPAREE reads EN LOGISTIQUE there). */
export const orderLevelStepLabel = (etape: Code): string => own(COMMANDE, text(etape)) ?? text(etape)

/** On mobile a missing step reads 'Inconu'. */
export const mobileStepLabel = (etape: Code): string => (text(etape) ? lineStepLabel(etape) : MESSAGES.etapeInconnue)

export interface Commande {
  numero?: string | number | null
  date?: string | null
  etape?: string | null
  lignes?: readonly { etape?: string | null }[] | null
}

/** 'Voir détails, plusieurs étapes' when the lines differ, else the single step's label. */
export function orderStepLabel(commande: Commande): string {
  const steps = new Set((Array.isArray(commande?.lignes) ? commande.lignes : []).map((l) => text(l?.etape)))
  if (steps.size > 1) return MESSAGES.plusieursEtapes
  const [only] = [...steps]
  return orderLevelStepLabel(only ?? commande?.etape)
}

/** Sort rank; ERREUR is not ranked by the spec and unknown steps even less: they go last. */
export const stepRank = (etape: Code): number =>
  Object.hasOwn(RANG, text(etape)) ? (RANG[text(etape)] as number) : text(etape) === 'ERREUR' ? 10 : 11

export const TRI_ETAPE = 0
export const TRI_DATE = 1
export const LIBELLE_TRI = 'Tier par'

/** Newest first; ISO dates and instants compare as text. */
const byDate = (a: Commande, b: Commande) => byCharacters(text(b.date), text(a.date))

/** Sort choice 0 is by step (ties by date), 1 by date. An order without a step takes its first line's. */
export function sortOrders<C extends Commande>(commandes: readonly C[], choix: number): C[] {
  const rank = (c: C) => stepRank(c.etape ?? c.lignes?.[0]?.etape)
  return [...commandes].sort(choix === TRI_DATE ? byDate : (a, b) => rank(a) - rank(b) || byDate(a, b))
}
