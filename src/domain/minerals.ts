// Minerals incorporated in a feed, as percentages (ordering-area §5, §9: default max 15 %).
import { MESSAGES, QUANTITE_MAX_MINERAL_DEFAUT } from './constants'
import { formatNombre } from './format'
import { parseDecimal } from './tonnes'
import type { ContraintesArticle, Mineral } from './types'

/** The article's maximum, else the parameter's, else 15 %. */
export function mineralMax(
  contraintes?: ContraintesArticle | null,
  parametre: number = QUANTITE_MAX_MINERAL_DEFAUT,
): number {
  const fromArticle = contraintes?.quantiteMaxMineral
  return typeof fromArticle === 'number' && Number.isFinite(fromArticle) ? fromArticle : parametre
}

/** One mineral's percentage: required, numeric, above 0, at most the maximum. */
export function validateMineralQuantity(
  value: number | string | null | undefined,
  max: number = QUANTITE_MAX_MINERAL_DEFAUT,
): string | null {
  const q = typeof value === 'string' || typeof value === 'number' ? parseDecimal(value) : null
  if (q === null || q <= 0) return MESSAGES.mineralRequis
  return q <= max ? null : MESSAGES.mineralMax(formatNombre(max))
}

/** Each mineral's message, by numArticle; empty when all are valid. */
export function validateMineraux(
  mineraux: readonly (Mineral | null)[] | null | undefined,
  max: number = QUANTITE_MAX_MINERAL_DEFAUT,
): Record<string, string> {
  const errors: Record<string, string> = {}
  if (!Array.isArray(mineraux)) return errors
  mineraux.forEach((m, i) => {
    if (!m || typeof m !== 'object') return
    const message = validateMineralQuantity(m.quantiteCommande, max)
    if (message) errors[typeof m.numArticle === 'string' ? m.numArticle : String(i)] = message
  })
  return errors
}
