// Truck mode (codeModeCamion): the choice of a label plus an optional option, and the tonnage
// fit (ordering-area §2 and §5).
import { MESSAGES, MODE_CAMION_DEFAUT } from './constants'
import { formatNombre } from './format'
import { DEFAULT_ORDER_PARAMETERS, truckModeLimits, type OrderParameters } from './order-parameters'
import { parseDecimal } from './tonnes'
import type { Code, ModeCamion } from './types'

/** The labels offered first, once each, with the option label their variants carry. */
export function truckModeChoices(modes: readonly ModeCamion[]): { libelle: string; libelleOption: string | null }[] {
  const choices = new Map<string, string | null>()
  for (const m of Array.isArray(modes) ? modes : []) {
    if (!m || typeof m.libelle !== 'string') continue
    const option = m.libelleOption ?? null
    if (!choices.has(m.libelle) || option) choices.set(m.libelle, option ?? choices.get(m.libelle) ?? null)
  }
  return [...choices].map(([libelle, libelleOption]) => ({ libelle, libelleOption }))
}

/**
 * The code for a chosen label and option checkbox: the mode of that label with (or without) an
 * option; VIS when nothing is chosen or nothing matches.
 */
export function resolveCodeModeCamion(
  modes: readonly ModeCamion[],
  libelle: string | null | undefined,
  withOption: boolean,
): string {
  if (!libelle || !Array.isArray(modes)) return MODE_CAMION_DEFAUT
  const sameLabel = modes.filter((m) => m && m.libelle === libelle)
  const match =
    sameLabel.find((m) => Boolean(m.libelleOption) === Boolean(withOption)) ?? sameLabel.find((m) => !m.libelleOption)
  return match?.code ?? MODE_CAMION_DEFAUT
}

// Not worded by the spec: the form offers only known modes; a forged or outdated code is refused.
export const MODE_CAMION_INCONNU = 'Mode camion inconnu'

/** Truck mode required (and known, when the modes are), and its minimum and maximum tonnage must fit the quantity. */
export function validateTruckMode(
  codeModeCamion: Code,
  quantiteCommande: number | string | null | undefined,
  modes: readonly ModeCamion[] | null | undefined,
  params: OrderParameters = DEFAULT_ORDER_PARAMETERS,
): string | null {
  if (typeof codeModeCamion !== 'string' || !codeModeCamion.trim()) return MESSAGES.requis
  if (Array.isArray(modes) && modes.length > 0 && !modes.some((m) => m?.code === codeModeCamion.trim()))
    return MODE_CAMION_INCONNU
  const q = parseDecimal(quantiteCommande)
  if (q === null || q <= 0) return null // the quantity field reports it
  const { min, max } = truckModeLimits(codeModeCamion, modes, params)
  if (min !== null && q < min) return MESSAGES.modeCamionMin(formatNombre(min))
  if (max !== null && q > max) return MESSAGES.modeCamionMax(formatNombre(max))
  return null
}
