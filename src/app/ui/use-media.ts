// A CSS media query as React state (phones get 12 history lines at a time, tablets a table).
import { useSyncExternalStore } from 'react'

/** The query's answer; false in a server render, which cannot know the screen (none of the
 * screens that use it is rendered by the server: the history reads the screen in its effects). */
export function useMedia(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const m = window.matchMedia(query)
      m.addEventListener('change', onChange)
      return () => m.removeEventListener('change', onChange)
    },
    () => window.matchMedia(query).matches,
    () => false,
  )
}

export const PHONE = '(max-width: 767px)'
