// Tonnes on the wire have at most 3 decimals: the kg, the unit the cooperative weighs and bills
// (ARCHITECTURE.md: tonnes are rounded to 3 decimals). Written once here, where the schemas and
// the domain both read it: a 4th decimal is a unit mistake (kg sent as tonnes, or a scale's
// grams), refused rather than rounded away.

const TONNES_DECIMALES_MAX = 3
export const TONNES_DECIMALES_MESSAGE = `quantité en tonnes : ${TONNES_DECIMALES_MAX} décimales au plus (le kg)`

/** The decimals a number or a decimal text (comma or point, spaces) carries, trailing zeros aside; null when it is no number. */
export function tonnesDecimales(value: unknown): number | null {
  const text =
    typeof value === 'number'
      ? Number.isFinite(value)
        ? String(value)
        : null
      : typeof value === 'string'
        ? value.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.')
        : null
  const m = text === null ? null : /^[+-]?\d*(?:\.(\d*))?(?:e([+-]?\d+))?$/i.exec(text)
  if (!m) return null
  const fraction = (m[1] ?? '').replace(/0+$/, '')
  return Math.max(0, fraction.length - Number(m[2] ?? 0))
}

/** True unless the value is a number with more than TONNES_DECIMALES_MAX decimals (what is no number is the quantity's own check). */
export const atMostTonnesDecimales = (value: number | string): boolean =>
  (tonnesDecimales(value) ?? 0) <= TONNES_DECIMALES_MAX
