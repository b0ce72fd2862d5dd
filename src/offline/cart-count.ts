import { useLiveQuery } from 'dexie-react-hooks'
import { db } from './db'

/** Number of cart lines of this user for this customer; re-renders when the cart changes. */
export function useCartCount(owner: string, numTiers: string): number {
  return (
    useLiveQuery(() => db.cartLines.where('[owner+numTiers]').equals([owner, numTiers]).count(), [owner, numTiers]) ?? 0
  )
}
