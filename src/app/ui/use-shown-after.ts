// cart-orders-admin §9 "Cart loading indicator delay 50 ms": a loading notice that appears only
// when loading lasts, so that a cart read at once from this device never flashes "Chargement…".
import { useEffect, useState } from 'react'

export const DELAI_INDICATEUR_PANIER_MS = 50

/** True once `active` has stayed true for `delayMs`; false again as soon as it is not. */
export function useShownAfter(active: boolean, delayMs = DELAI_INDICATEUR_PANIER_MS): boolean {
  const [shown, setShown] = useState(false)
  useEffect(() => {
    if (!active) {
      setShown(false)
      return
    }
    const timer = setTimeout(() => setShown(true), delayMs)
    return () => clearTimeout(timer)
  }, [active, delayMs])
  return active && shown
}
