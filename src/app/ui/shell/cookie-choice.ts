// The cookie notice's choice (ordering-area §1, §4, §9): the cookie COOKIE_CONSENT, kept one
// year. Read by the notice in the app, by the server's render of the sign-in page (from the
// request's Cookie header) and written by both pages' "J'ai compris".
const COOKIE = 'COOKIE_CONSENT'
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60

/** Whether a Cookie header (or document.cookie) holds the consent. */
export const consentIn = (cookies: string) => cookies.split(/;\s*/).some((c) => c === `${COOKIE}=true`)

const listeners = new Set<() => void>()

/** Called when "J'ai compris" is said on this page (the notice tray then offers the install). */
export function subscribeConsent(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function acceptCookies() {
  document.cookie = `${COOKIE}=true; Max-Age=${ONE_YEAR_SECONDS}; Path=/; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`
  for (const listener of listeners) listener()
}
