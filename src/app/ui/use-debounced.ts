// What follows a typed field waits until typing pauses (cart-orders-admin §9): the admin searches
// (member, article) and the order line's quantity message. One timer, restarted by each keystroke.
// The field's own text is never debounced: only what is derived from it.
import { useEffect, useState } from 'react'

/** cart-orders-admin §9: searches start 300 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 300
/** cart-orders-admin §9 "quantity input debounce 50 ms": the quantity's message waits this pause. */
export const QUANTITY_DEBOUNCE_MS = 50

/**
 * The value as it was once it stopped changing for `delayMs`. Each new value restarts the timer;
 * a query keyed on the result then aborts the earlier request through its signal. With `now`
 * (the field left, a button pressed), the current value at once: once the typing is over,
 * nothing shown lags behind it.
 */
export function useDebounced<T>(value: T, delayMs = SEARCH_DEBOUNCE_MS, now = false): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    if (now) {
      setSettled(value)
      return
    }
    const timer = setTimeout(() => setSettled(value), delayMs)
    return () => clearTimeout(timer)
  }, [value, delayMs, now])
  return now ? value : settled
}
