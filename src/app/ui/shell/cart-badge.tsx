// Loaded after first paint (React.lazy): it brings Dexie, which the first screen can do without.
import { Badge } from 'konsta/react'
import { useCartCount } from '../../../offline/cart-count'

export default function CartBadge({ owner, numTiers }: { owner: string; numTiers: string }) {
  const count = useCartCount(owner, numTiers)
  if (count === 0) return null
  return (
    <Badge colors={{ bg: 'bg-silo-gold', text: 'text-neutral-950' }} className="absolute -top-1 -right-1 font-bold">
      {count}
      <span className="sr-only"> {count > 1 ? 'lignes' : 'ligne'}</span>
    </Badge>
  )
}
