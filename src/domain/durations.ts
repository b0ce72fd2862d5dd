// ISO-8601 durations of the order parameters (cart-orders-admin §3 "Parameter"): the admin
// edits them as whole numbers per unit, the calendar reads them. Only non-negative whole numbers
// are accepted, as the admin form allows nothing else.
import { MESSAGES } from './constants'

export const DURATION_UNITS = ['years', 'months', 'weeks', 'days', 'hours', 'minutes', 'seconds'] as const
export type DurationUnit = (typeof DURATION_UNITS)[number]
export type DurationParts = Partial<Record<DurationUnit, number>>

/** Units shown by the admin form for each duration parameter (code of the parameter key). */
export const DURATION_FORMATS = {
  DELAIS_HEURE_PIVOT: ['hours', 'minutes'],
  ECART_DATE: ['days'],
  DELAIS_MAX: ['months', 'weeks', 'days'],
  DELAIS_ALERTE: ['days'],
} as const satisfies Record<string, readonly DurationUnit[]>
export type DurationParameterCode = keyof typeof DURATION_FORMATS

/** Spec defaults (§9): extra delay 0h30, gap 5 working days, horizon 1 month, alert 5 working days. */
export const DURATION_DEFAULTS: Record<DurationParameterCode, string> = {
  DELAIS_HEURE_PIVOT: 'PT30M',
  ECART_DATE: 'P5D',
  DELAIS_MAX: 'P1M',
  DELAIS_ALERTE: 'P5D',
}

const ISO = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/

/** Parses 'P1M', 'PT30M', 'P1Y2M3W4DT5H6M7S'…; null for anything else (fractions, signs, 'P', 'PT'). */
export function parseIsoDuration(text: unknown): DurationParts | null {
  if (typeof text !== 'string') return null
  const m = ISO.exec(text.trim())
  if (!m || text.trim().endsWith('T')) return null
  const parts: DurationParts = {}
  let any = false
  DURATION_UNITS.forEach((unit, i) => {
    const raw = m[i + 1]
    if (raw !== undefined) {
      parts[unit] = Number(raw)
      any = true
    }
  })
  return any ? parts : null
}

const LETTER: Record<DurationUnit, string> = {
  years: 'Y',
  months: 'M',
  weeks: 'W',
  days: 'D',
  hours: 'H',
  minutes: 'M',
  seconds: 'S',
}
const DATE_UNITS: readonly DurationUnit[] = ['years', 'months', 'weeks', 'days']

/**
 * Writes the parts as ISO-8601, keeping only `units` (all by default) and dropping zeros; an
 * all-zero duration keeps its smallest unit ('P0D', 'PT0M') so it stays a valid ISO string.
 */
export function formatIsoDuration(parts: DurationParts, units: readonly DurationUnit[] = DURATION_UNITS): string {
  const kept = DURATION_UNITS.filter((u) => units.includes(u))
  const value = (u: DurationUnit) => {
    const n = parts[u]
    return typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.floor(n) : 0
  }
  let nonZero = kept.filter((u) => value(u) > 0)
  if (nonZero.length === 0) nonZero = kept.length > 0 ? [kept[kept.length - 1] as DurationUnit] : ['days']
  const datePart = nonZero
    .filter((u) => DATE_UNITS.includes(u))
    .map((u) => `${value(u)}${LETTER[u]}`)
    .join('')
  const timePart = nonZero
    .filter((u) => !DATE_UNITS.includes(u))
    .map((u) => `${value(u)}${LETTER[u]}`)
    .join('')
  return `P${datePart}${timePart ? `T${timePart}` : ''}`
}

/** A time field (ordering-area §5): hours 0 to 23, minutes and seconds 0 to 59. */
const TIME_BOUNDS: Partial<Record<DurationUnit, { max: number; message: string }>> = {
  hours: { max: 23, message: MESSAGES.heurePivotBornes },
  minutes: { max: 59, message: MESSAGES.minutesBornes },
  seconds: { max: 59, message: MESSAGES.minutesBornes },
}

/** Units shown as a time (DELAIS_HEURE_PIVOT's hours and minutes): each within a clock's bounds. */
const isTimeField = (units: readonly DurationUnit[]) => units.length > 0 && units.every((u) => TIME_BOUNDS[u])

/** The admin form's per-unit inputs: each shown unit must be a non-negative whole number, and a
 * time field's within its bounds. `units` is the whole format (the bounds depend on it), `only`
 * the units to check (one input at a time; all by default). */
export function validateDurationInput(
  values: unknown,
  units: readonly DurationUnit[],
  only: readonly DurationUnit[] = units,
): string | null {
  if (values === null || typeof values !== 'object') return MESSAGES.valeurInvalide
  for (const unit of only) {
    const raw = (values as Record<string, unknown>)[unit]
    const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : ''
    if (!/^\d+$/.test(text)) return MESSAGES.valeurInvalide
    const bound = isTimeField(units) ? TIME_BOUNDS[unit] : undefined
    if (bound && Number(text) > bound.max) return bound.message
  }
  return null
}

/** A stored duration of a time field within its bounds (the server's check of what is saved). */
export function isWithinTimeBounds(parts: DurationParts, units: readonly DurationUnit[]): boolean {
  if (!isTimeField(units)) return true
  return DURATION_UNITS.every((u) => {
    const n = parts[u] ?? 0
    const bound = TIME_BOUNDS[u]
    return bound ? n <= bound.max : n === 0
  })
}

/** A duration read as working days (ECART_DATE, DELAIS_ALERTE): a week is 5 working days. */
export function workingDaysOf(parts: DurationParts | null): number {
  if (!parts) return 0
  return (parts.weeks ?? 0) * 5 + (parts.days ?? 0)
}

/** A duration in minutes (DELAIS_HEURE_PIVOT). */
export function minutesOf(parts: DurationParts | null): number {
  if (!parts) return 0
  return (
    (parts.days ?? 0) * 1440 + (parts.hours ?? 0) * 60 + (parts.minutes ?? 0) + Math.floor((parts.seconds ?? 0) / 60)
  )
}
