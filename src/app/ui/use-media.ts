// Whether the screen is a phone's, as React state (phones get 12 history lines at a time, cards and
// a full-screen form; tablets a table). Read as the stylesheet's breakpoints read it (styles.css):
// under 48rem of the ROOT's font size, not a media query's 16px. At 200 % text from a user's
// stylesheet a 1024px tablet is 32rem wide, a phone's room (issue 51), which `(max-width: 767px)`
// never saw.
import { useSyncExternalStore } from 'react'

/** The breakpoint between a phone and a tablet, in rem (Tailwind's md, styles.css). */
const PHONE_REM = 48

/** Whether the page is narrower than 48rem of its root font size; false where there is no window. */
export function isPhoneScreen(): boolean {
  if (typeof window === 'undefined') return false
  const root = document.documentElement
  const rem = parseFloat(getComputedStyle(root).fontSize) || 16
  // The layout's width, not innerWidth (which a phone widens to content too wide for it).
  return root.clientWidth < PHONE_REM * rem
}

/** Calls `changed` when a resize (a tablet turned, a window resized) crosses the breakpoint. */
export function onScreenChange(changed: () => void): () => void {
  let phone = isPhoneScreen()
  const resized = () => {
    if (isPhoneScreen() === phone) return
    phone = !phone
    changed()
  }
  window.addEventListener('resize', resized)
  return () => window.removeEventListener('resize', resized)
}

/** The phone's answer as state; false in a server render, which cannot know the screen (none of the
 * screens that use it is rendered by the server: the history reads the screen in its effects). */
export function usePhone(): boolean {
  return useSyncExternalStore(onScreenChange, isPhoneScreen, () => false)
}
