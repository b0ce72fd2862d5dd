// Loaded after first paint (React.lazy): it brings Dexie, which the first screen can do without.
import { useCartCount } from '../../../offline/cart-count'

export default function CartBadge({ owner, numTiers }: { owner: string; numTiers: string }) {
  const count = useCartCount(owner, numTiers)
  if (count === 0) return null
  return (
    <span className="absolute -top-1 -right-1 inline-flex min-h-5 min-w-5 items-center justify-center rounded-full bg-silo-gold px-1.5 text-xs leading-none font-bold text-neutral-950">
      {count}
      <span className="sr-only"> {count > 1 ? 'lignes' : 'ligne'}</span>
    </span>
  )
}
