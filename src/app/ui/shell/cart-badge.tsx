// Loaded after first paint (React.lazy): it brings Dexie, which the first screen can do without.
import { useCartCount } from '../../../offline/cart-count'

export default function CartBadge({ owner, numTiers }: { owner: string; numTiers: string }) {
  const count = useCartCount(owner, numTiers)
  if (count === 0) return null
  return (
    // In px, as the icon it sits on: with the text at 200 % it hid the cart (issue 43).
    <span className="absolute -top-[4px] -right-[4px] inline-flex min-h-[20px] min-w-[20px] items-center justify-center rounded-full bg-silo-gold px-[6px] text-[12px] leading-none font-bold text-neutral-950">
      {count}
      <span className="sr-only"> {count > 1 ? 'lignes' : 'ligne'}</span>
    </span>
  )
}
