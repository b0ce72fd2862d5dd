// Whether the page's HTML asks about cookies (issue 50, item 5): the server's render of the
// history knows from its request's Cookie header, and puts the cookie notice in the HTML when the
// consent is not there, so the notice is painted with the page instead of after the scripts (it
// was the largest paint of a first visit without the holiday banner). The hydration must render
// what that HTML holds: in the browser, the notice found in the server's markup before the app
// renders (the service worker's kept copy may have been rendered before the consent was given).
import { createContext, useContext } from 'react'

/** The server's render: the request carried the consent (null: not a server render of the app). */
export const RenderedConsent = createContext<boolean | null>(null)

/** The cookie notice in the server's HTML, as found when the app started (before any render). */
const noticeInHtml =
  typeof document !== 'undefined' && document.querySelector('#root section[aria-label="Cookies"]') !== null

/** What the hydration renders: whether the server's HTML asks about cookies. */
export function useCookieAskedInHtml(): () => boolean {
  const consented = useContext(RenderedConsent)
  return () => (consented === null ? noticeInHtml : !consented)
}
