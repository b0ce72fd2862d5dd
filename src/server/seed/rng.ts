// Deterministic randomness and calendar arithmetic for the seed: the same `today` gives the same
// rows at every run (no Math.random, no clock). Days are 'yyyy-MM-dd' strings.
import { isBusinessDayNumber } from '../../domain/calendar'
import { dayNumberOfIso, isoOfDayNumber, plusCalendar } from '../../domain/day-numbers'

export type Rng = ReturnType<typeof createRng>

/** mulberry32: tiny, fast, good enough to pick names and quantities. */
export function createRng(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    /** Integer in [min, max]. */
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    chance: (p: number) => next() < p,
    /** Tonnes with `step` granularity in [min, max]. */
    tonnes: (min: number, max: number, step = 0.5) => Math.round((min + next() * (max - min)) / step) * step,
  }
}

// Dates on the domain's one calendar (day numbers, weekdays 1–7, the national holidays and the
// business days of src/domain/calendar): the demo data falls on the days the rules allow.
const day = (iso: string): number => {
  const n = dayNumberOfIso(iso)
  if (n === null) throw new Error(`seed: date invalide ${iso}`)
  return n
}

export const addDays = (iso: string, days: number): string => isoOfDayNumber(plusCalendar(day(iso), { days }))

/** `iso` if it is a business day (no weekend, no national holiday), otherwise the next one. */
export function nextBusinessDay(iso: string): string {
  let d = day(iso)
  while (!isBusinessDayNumber(d)) d++
  return isoOfDayNumber(d)
}

/** An instant on day `iso` at hh:mm Paris time, approximated as UTC+1 (winter): good enough for demo data. */
export const instantOn = (iso: string, hh = 9, mm = 0) =>
  new Date(`${iso}T${String(hh - 1).padStart(2, '0')}:${String(mm).padStart(2, '0')}:00Z`)

export const pad = (n: number, width: number) => String(n).padStart(width, '0')
