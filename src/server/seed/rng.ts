// Deterministic randomness and calendar arithmetic for the seed: the same `today` gives the same
// rows at every run (no Math.random, no clock). Days are 'yyyy-MM-dd' strings computed in UTC,
// which is exact for calendar days whatever the server's time zone.

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

const toDate = (iso: string) => new Date(`${iso}T00:00:00Z`)
const fromDate = (d: Date) => d.toISOString().slice(0, 10)

export function addDays(iso: string, days: number): string {
  const d = toDate(iso)
  d.setUTCDate(d.getUTCDate() + days)
  return fromDate(d)
}

export function addMonths(iso: string, months: number): string {
  const d = toDate(iso)
  d.setUTCMonth(d.getUTCMonth() + months)
  return fromDate(d)
}

/** 0 Sunday … 6 Saturday. */
export const weekday = (iso: string) => toDate(iso).getUTCDay()

/** Moves forward to the next business day (not a weekend, not in `holidays`). */
export function nextBusinessDay(iso: string, holidays: ReadonlySet<string>): string {
  let d = iso
  while (weekday(d) === 0 || weekday(d) === 6 || holidays.has(d)) d = addDays(d, 1)
  return d
}

/** An instant on day `iso` at hh:mm Paris time, approximated as UTC+1 (winter): good enough for demo data. */
export const instantOn = (iso: string, hh = 9, mm = 0) =>
  new Date(`${iso}T${String(hh - 1).padStart(2, '0')}:${String(mm).padStart(2, '0')}:00Z`)

export const pad = (n: number, width: number) => String(n).padStart(width, '0')
