// The cart's size as the shell watches it (the cart badge, the leave guard): its own small module,
// loaded once the first screen is shown.
import { useLiveQuery } from 'dexie-react-hooks'
import { countCartRows } from './cart'

/** Number of cart lines of this user for this customer; re-renders when the cart changes. */
export function useCartCount(owner: string, numTiers: string): number {
  return useLiveQuery(() => countCartRows(owner, numTiers), [owner, numTiers]) ?? 0
}
