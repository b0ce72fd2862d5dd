// The cart's total weight with 3 decimals and the truck-capacity warnings (cart-orders-admin §2,
// §5), shown under the lines of the cart and of the payment step alike.
import { capacityWarnings, totalWeight } from '../../domain/cart'
import { formatTonnes } from '../../domain/format'
import type { CartLine } from '../../domain/types'

export function CartTotal({ lines }: { lines: readonly CartLine[] }) {
  return (
    <div className="rounded-xl border-2 border-silo-green bg-white p-4">
      <p className="text-xl font-bold">
        Poids total{'\u00a0'}: <span data-testid="poids-total">{formatTonnes(totalWeight(lines))}</span>
      </p>
      {capacityWarnings(lines).map((w) => (
        <p
          key={w}
          role="note"
          className="mt-2 rounded-lg border-2 border-neutral-900 bg-silo-gold-light px-3 py-2 text-base font-semibold text-neutral-950"
        >
          {w}
        </p>
      ))}
    </div>
  )
}
