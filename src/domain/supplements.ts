// Supplementations chosen for a feed (ordering-area §5): one sub-type, at most one AA, one per group.
import { MESSAGES } from './constants'
import type { Supplementation } from './types'

/** Sub-types that, once chosen, are the only ones offered. */
const SOUS_TYPES_EXCLUSIFS: readonly string[] = ['AA', 'SU']
const MAX_SUPPLEMENTATIONS_AA = 1

const list = (v: readonly (Supplementation | null)[] | null | undefined): Supplementation[] =>
  Array.isArray(v) ? v.filter((s): s is Supplementation => Boolean(s) && typeof s === 'object') : []
const sousType = (s: Supplementation) => (typeof s.codeSousTypeArticle === 'string' ? s.codeSousTypeArticle : '')

/**
 * 'Supplémentations incompatibles' when sub-types differ (or two share a group: the form
 * offers one per group, so that can only come from a forged line);
 * 'max 1 supplémentation(s) de ce type pour cet article' for more than one AA.
 */
export function validateSupplementations(
  selected: readonly (Supplementation | null)[] | null | undefined,
  maxAA: number = MAX_SUPPLEMENTATIONS_AA,
): string | null {
  const chosen = list(selected)
  if (new Set(chosen.map(sousType)).size > 1) return MESSAGES.supplementationsIncompatibles
  const groups = chosen.map((s) => s.groupe).filter((g): g is string => typeof g === 'string' && g !== '')
  if (new Set(groups).size !== groups.length) return MESSAGES.supplementationsIncompatibles
  if (chosen.filter((s) => sousType(s) === 'AA').length > maxAA) return MESSAGES.supplementationsMax(maxAA)
  return null
}

/** Once an AA or SU is chosen, only that sub-type is offered; otherwise everything. */
export function offeredSupplementations(
  all: readonly Supplementation[],
  selected: readonly Supplementation[],
): Supplementation[] {
  const exclusive = list(selected)
    .map(sousType)
    .find((t) => SOUS_TYPES_EXCLUSIFS.includes(t))
  return exclusive ? list(all).filter((s) => sousType(s) === exclusive) : list(all)
}

/** Ticks or unticks one; ticking replaces the one of the same group. */
export function toggleSupplementation(selected: readonly Supplementation[], item: Supplementation): Supplementation[] {
  const chosen = list(selected)
  if (chosen.some((s) => s.numArticle === item.numArticle))
    return chosen.filter((s) => s.numArticle !== item.numArticle)
  const sameGroup = (s: Supplementation) => Boolean(item.groupe) && s.groupe === item.groupe
  return [...chosen.filter((s) => !sameGroup(s)), item]
}
