// The values of the business parameters as the admin edits them (cart-orders-admin §3
// "Parameter", §4 "Parameter row", §5 "Administration forms"): what kind of input each one takes,
// the full check before saving (the same in the form and on the server), and the one way each
// is stored ('HH:00:00', ISO-8601 in the units of its format, a plain number).
import { JEUX_PARAMETRES, type JeuParametres } from '../contract/limits'
import { validateParameter, NUMERIC_CATEGORIES, type ParameterValue } from './admin'
import type { Code } from './types'
import { MESSAGES } from './constants'
import {
  DURATION_FORMATS,
  DURATION_UNITS,
  formatIsoDuration,
  parseIsoDuration,
  type DurationParts,
  type DurationUnit,
} from './durations'
import { formatHeurePivot } from './order-parameters'

/** The prefix of the two parameter sets' keys (SAS-…, CDE-…). */
const PREFIXE_JEU: Record<JeuParametres, string> = { DEFAULT: 'SAS', CDEA: 'CDE' }

export const isJeuParametres = (jeu: unknown): jeu is JeuParametres =>
  typeof jeu === 'string' && (JEUX_PARAMETRES as readonly string[]).includes(jeu)

/** The parameter's full key, e.g. SAS-HORAIRE_COMMANDE-HEURE_PIVOT. */
export const parameterKey = (jeu: JeuParametres, categorie: string, code: string) =>
  `${PREFIXE_JEU[jeu]}-${categorie}-${code}`

export type ParameterKind = 'heure' | 'duree' | 'nombre' | 'texte'

export function parameterKind(categorie: Code, code: Code): ParameterKind {
  if (code === 'HEURE_PIVOT') return 'heure'
  if (typeof code === 'string' && Object.hasOwn(DURATION_FORMATS, code)) return 'duree'
  if (typeof categorie === 'string' && NUMERIC_CATEGORIES.includes(categorie)) return 'nombre'
  return 'texte'
}

/** The units the admin form shows for a duration parameter, in ISO order; null for the others. */
export function durationUnitsOf(code: Code): readonly DurationUnit[] | null {
  if (typeof code !== 'string' || !Object.hasOwn(DURATION_FORMATS, code)) return null
  return DURATION_FORMATS[code as keyof typeof DURATION_FORMATS]
}

const asText = (value: ParameterValue) =>
  typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value.trim() : ''

/**
 * The check before saving: validateParameter's rules, plus what the form's inputs could not have
 * produced: a duration in units its format does not show (the form could not display it), and
 * numbers past what a number holds exactly. Null when valid; otherwise the spec's message.
 */
export function checkParameterValue(categorie: Code, code: Code, value: ParameterValue): string | null {
  const rule = validateParameter(categorie, code, value)
  if (rule) return rule
  const text = asText(value)
  const kind = parameterKind(categorie, code)
  if (kind === 'duree') {
    const parts = parseIsoDuration(text) as DurationParts
    const units = durationUnitsOf(code) ?? []
    const outside = DURATION_UNITS.some((u) => parts[u] !== undefined && !units.includes(u))
    const tooBig = Object.values(parts).some((n) => !Number.isSafeInteger(n))
    return outside || tooBig ? MESSAGES.valeurInvalide : null
  }
  if (kind === 'nombre') return Number(text) <= Number.MAX_SAFE_INTEGER ? null : MESSAGES.valeurInvalide
  if (kind === 'texte' && text.length === 0) return MESSAGES.valeurInvalide
  return null
}

/** The value as stored, or null when checkParameterValue refuses it. */
export function normalizeParameterValue(categorie: Code, code: Code, value: ParameterValue): string | null {
  if (checkParameterValue(categorie, code, value) !== null) return null
  const text = asText(value)
  switch (parameterKind(categorie, code)) {
    case 'heure':
      return formatHeurePivot(Number(/^\d+/.exec(text)![0]))
    case 'duree':
      return formatIsoDuration(parseIsoDuration(text)!, durationUnitsOf(code)!)
    case 'nombre':
      return String(Number(text))
    default:
      return text
  }
}

/** HEURE_PIVOT as the form shows it: the hour alone ('10:00:00' → '10'); the raw text otherwise. */
export function heurePivotInput(stored: ParameterValue): string {
  const text = asText(stored)
  const m = /^(\d{1,2}):00(?::00)?$/.exec(text)
  return m ? String(Number(m[1])) : text
}

/** A stored duration as the form's per-unit texts ('P1M' → {months: '1', weeks: '0', days: '0'}). */
export function durationInputs(code: Code, stored: ParameterValue): Partial<Record<DurationUnit, string>> {
  const units = durationUnitsOf(code) ?? []
  const parts = parseIsoDuration(stored) ?? {}
  return Object.fromEntries(units.map((u) => [u, String(parts[u] ?? 0)]))
}
