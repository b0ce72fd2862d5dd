// Loaded after first paint (React.lazy, it brings Dexie): with lines in the cart, the browser
// warns before the page is left or closed (ordering-area §4 "Logout").
import { useEffect } from 'react'
import { useCartCount } from '../../../offline/cart-count'

export default function LeaveGuard({ owner, numTiers }: { owner: string; numTiers: string }) {
  const count = useCartCount(owner, numTiers)
  useEffect(() => {
    if (count === 0) return
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault()
      // Older browsers need returnValue set; the text itself is the browser's own.
      e.returnValue = ''
    }
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [count])
  return null
}
