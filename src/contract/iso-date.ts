// A civil date on the wire ('yyyy-MM-dd') as a day number (days since 1970-01-01, no time zone):
// the contract's checks refuse 2026-02-30, and the domain's calendar counts in the same numbers.

const MS_PER_DAY = 86_400_000

export const dayNumberOf = (year: number, month: number, day: number): number =>
  Date.UTC(year, month - 1, day) / MS_PER_DAY

export function civilOf(n: number): { year: number; month: number; day: number } {
  const d = new Date(n * MS_PER_DAY)
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() }
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** The day number of a real 'yyyy-MM-dd' date; null otherwise (2026-02-30 included). */
export function dayNumberOfIso(text: string): number | null {
  const m = ISO_DATE.exec(text)
  if (!m) return null
  const y = Number(m[1])
  const mo = Number(m[2])
  const d = Number(m[3])
  if (mo < 1 || mo > 12 || d < 1 || d > 31) return null
  const n = dayNumberOf(y, mo, d)
  const back = civilOf(n)
  return back.month === mo && back.day === d ? n : null
}
