// Ordered quantity in tonnes (ordering-area §5 "Quantity", §9).
import { MESSAGES, QUANTITE_MAX_ABSOLUE, QUANTITE_MIN_ABSOLUE, QUANTITE_PAS } from './constants'
import { formatNombre } from './format'
import { parseDecimal, roundTonnes } from './tonnes'
import type { ContraintesArticle } from './types'

export interface QuantityBounds {
  min: number
  max: number
}

const finite = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)

/** 0 to 29 t, narrowed (never widened) by the article's constraints. */
export function quantityBounds(contraintes?: ContraintesArticle | null): QuantityBounds {
  const qMin = finite(contraintes?.quantiteMin)
  const qMax = finite(contraintes?.quantiteMax)
  return {
    min: Math.min(QUANTITE_MAX_ABSOLUE, Math.max(QUANTITE_MIN_ABSOLUE, qMin ?? QUANTITE_MIN_ABSOLUE)),
    max: Math.max(QUANTITE_MIN_ABSOLUE, Math.min(QUANTITE_MAX_ABSOLUE, qMax ?? QUANTITE_MAX_ABSOLUE)),
  }
}

/**
 * What the quantity field keeps of a keystroke: comma decimals accepted, negatives become 0,
 * rounded to 3 decimals; null when it is not a number at all.
 */
export function parseQuantityInput(input: unknown): number | null {
  const n = parseDecimal(input)
  if (n === null) return null
  return n < 0 ? 0 : roundTonnes(n)
}

/** The quantity rule; the value may be a number or the text typed. */
export function validateQuantity(
  value: number | string | null | undefined,
  bounds: QuantityBounds = quantityBounds(),
): string | null {
  const q = typeof value === 'string' || typeof value === 'number' ? parseDecimal(value) : null
  if (q === null || q <= 0) return MESSAGES.quantiteInvalide
  const min = finite(bounds?.min) ?? QUANTITE_MIN_ABSOLUE
  const max = finite(bounds?.max) ?? QUANTITE_MAX_ABSOLUE
  if (min >= max) return roundTonnes(q) === roundTonnes(min) ? null : MESSAGES.quantiteEgale(formatNombre(min))
  return roundTonnes(q) <= roundTonnes(max) ? null : MESSAGES.quantiteMax(formatNombre(max))
}

/** The plus and minus buttons: a 0.5 t step, kept within the bounds. */
export function stepQuantity(
  value: number | string | null | undefined,
  direction: 1 | -1,
  bounds: QuantityBounds = quantityBounds(),
): number {
  const current = parseQuantityInput(value) ?? 0
  const next = current + (direction >= 0 ? QUANTITE_PAS : -QUANTITE_PAS)
  return roundTonnes(Math.min(bounds.max, Math.max(bounds.min, next)))
}

/**
 * The help text's defaults for a simple feed: 15 t without a forward contract, 29 t with one.
 * The server's contraintesArticle, when present, take precedence.
 */
export const quantiteMaxAlimentSimple = (avecContrat: boolean, params = { sans: 15, avec: 29 }): number =>
  avecContrat ? params.avec : params.sans

/** A simple feed (aliment simple: one raw material, maize or soya meal) says so in its typeAliment. */
export const isAlimentSimple = (article?: { typeAliment?: string | null } | null): boolean =>
  /\bsimple\b/i.test(typeof article?.typeAliment === 'string' ? article.typeAliment : '')

/** What a line's quantity depends on besides its article's constraints. */
export interface LineQuantity {
  alimentSimple: boolean
  /** The line is drawn on a forward contract (numContrat). */
  avecContrat: boolean
  params: { quantiteMaxAlimentSimple: number; quantiteMaxAlimentSimpleContrat: number }
}

/**
 * A line's bounds (ordering-area §9, cart-orders-admin §9 "Help defaults: simple feed max 15 t
 * without forward contract, 29 t with"): the article's constraints; failing a maximum of their
 * own, a simple feed's maximum is the order parameters' (15 t, or 29 t on a contract).
 */
export function lineQuantityBounds(
  contraintes: ContraintesArticle | null | undefined,
  line: LineQuantity,
): QuantityBounds {
  if (!line.alimentSimple || finite(contraintes?.quantiteMax) !== null) return quantityBounds(contraintes)
  const quantiteMax = quantiteMaxAlimentSimple(line.avecContrat, {
    sans: line.params.quantiteMaxAlimentSimple,
    avec: line.params.quantiteMaxAlimentSimpleContrat,
  })
  return quantityBounds({ ...contraintes, quantiteMax })
}
