// A quantity drawn against its whole (contract remaining, tranche ordered): the figures are
// written beside it, so the bar itself is decoration for screen readers.
interface Props {
  value: number
  max: number
  /** A mark across the bar, as a share of max (the 80 % completeness of a tranche). */
  mark?: number
  /** Full green when reached; the gold shows what is still to do. */
  tone?: 'green' | 'gold'
}

export function QuantityBar({ value, max, mark, tone = 'green' }: Props) {
  const share = max > 0 ? Math.min(1, Math.max(0, value / max)) : 0
  return (
    <div
      aria-hidden="true"
      className="relative h-4 w-full overflow-hidden rounded-full border border-neutral-700 bg-neutral-100"
    >
      <div
        className={`h-full ${tone === 'green' ? 'bg-silo-green' : 'bg-silo-gold'}`}
        style={{ width: `${share * 100}%` }}
      />
      {mark !== undefined && (
        <div className="absolute inset-y-0 w-1 bg-neutral-950" style={{ left: `calc(${mark * 100}% - 2px)` }} />
      )}
    </div>
  )
}
