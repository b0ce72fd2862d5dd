// French display of dates and numbers (§9 of both files). Written by hand rather than with
// Intl so the output is the same on every browser and on Node, whatever ICU data it carries:
// "a space as thousands separator" is a plain space here.
import type { DateTime } from 'luxon'
import { civilOf, dayNumber, weekdayOf } from './day-numbers'
import { JOURS } from './weekdays'
import { roundTonnes } from './tonnes'
import { parisTimeOf } from './paris-clock'
import { avecUnite } from './typography'

const pad = (n: number) => (n < 10 ? `0${n}` : String(n))

/** 'dd/MM/yyyy', or '' for something that is not a date. */
export function formatDateCourte(input: DateTime | string | null | undefined): string {
  const n = dayNumber(input)
  if (n === null) return ''
  const d = civilOf(n)
  return `${pad(d.day)}/${pad(d.month)}/${d.year}`
}

/** 'HH:mm' of an instant in Paris (by hand: luxon's toFormat asks Intl whether its locale is
 * English, and the page's first Intl object loads ICU's data, issue 29). */
export const formatHeure = (at: DateTime): string => parisTimeOf(at.toMillis())

/** 'lundi 23/11/2026' (weekday dd/MM/yyyy), or ''. */
export function formatDate(input: DateTime | string | null | undefined): string {
  const n = dayNumber(input)
  return n === null ? '' : `${JOURS[weekdayOf(n) - 1]} ${formatDateCourte(input)}`
}

/**
 * '1 234,5': space thousands, comma decimals. With `decimals` the number is fixed to that many
 * digits; without, up to 3 significant decimals are kept and trailing zeros dropped.
 */
export function formatNombre(value: number, decimals?: number): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return ''
  const fixed = decimals === undefined ? String(roundTonnes(value)) : value.toFixed(Math.max(0, Math.min(20, decimals)))
  const negative = fixed.startsWith('-')
  const [int = '0', frac] = (negative ? fixed.slice(1) : fixed).split('.')
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ' ')
  const body = frac ? `${grouped},${frac}` : grouped
  return negative && /[1-9]/.test(body) ? `-${body}` : body
}

/** Tonnes with 3 decimals: '1 234,500 t', the unit after a no-break space (typography.ts). */
export const formatTonnes = (value: number): string => avecUnite(formatNombre(roundTonnes(value), 3), 't')

/** Tonnes as formatNombre writes them (up to 3 decimals): '7,5 t', unbreakable. */
export const formatTonnesCourt = (value: number): string => avecUnite(formatNombre(value), 't')

/** Euros with 2 decimals: '1 234,50 €', the unit after a no-break space. */
export const formatEuros = (value: number): string => avecUnite(formatNombre(value, 2), '€')
