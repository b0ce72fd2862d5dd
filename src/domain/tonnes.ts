// The one place where tonnes are rounded (ARCHITECTURE.md: "Tonnes are numbers rounded to 3
// decimals by one helper"). Every quantity, total and orderable tonnage goes through it.

/** Rounds to 3 decimals, half away from zero; non-finite input gives 0 so totals never turn NaN. */
export function roundTonnes(value: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 0
  const rounded = (Math.sign(value) * Math.round(Math.abs(value) * 1000 + 1e-9)) / 1000
  return Object.is(rounded, -0) ? 0 : rounded
}

/**
 * Reads a decimal typed by a French user: comma or point, surrounding spaces, spaces as
 * thousands separators. Returns null when it is not a number (never NaN).
 */
export function parseDecimal(input: unknown): number | null {
  if (typeof input === 'number') return Number.isFinite(input) ? input : null
  if (typeof input !== 'string') return null
  const text = input.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.')
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(text)) return null
  const n = Number(text)
  return Number.isFinite(n) ? n : null
}
