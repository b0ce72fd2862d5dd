// The admin searches (member, article) wait until typing pauses (cart-orders-admin §9): one
// timer, restarted by each keystroke, shared by both features.
import { useEffect, useState } from 'react'

/** cart-orders-admin §9: searches start 300 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 300

/**
 * The text as it was once it stopped changing for `delayMs`, trimmed. Each new value restarts
 * the timer; the query keyed on the result then aborts the earlier request through its signal.
 */
export function useDebounced(text: string, delayMs = SEARCH_DEBOUNCE_MS): string {
  const [value, setValue] = useState(text)
  useEffect(() => {
    const timer = setTimeout(() => setValue(text), delayMs)
    return () => clearTimeout(timer)
  }, [text, delayMs])
  return value.trim()
}
