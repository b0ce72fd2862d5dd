// A CSS media query as React state (phones get 12 history lines at a time, tablets a table).
import { useSyncExternalStore } from 'react'

/** The query's answer, or null while a server-rendered page is hydrated: the server cannot know
 * the screen, so what depends on it (fetching more) waits for the browser's answer. */
export function useMediaOrUnknown(query: string): boolean | null {
  return useSyncExternalStore(
    (onChange) => {
      const m = window.matchMedia(query)
      m.addEventListener('change', onChange)
      return () => m.removeEventListener('change', onChange)
    },
    () => window.matchMedia(query).matches,
    () => null,
  )
}

export const useMedia = (query: string): boolean => useMediaOrUnknown(query) ?? false

export const PHONE = '(max-width: 767px)'
