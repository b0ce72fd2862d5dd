// A sign-out the server has not heard yet (issue 25). "Déconnexion" without network erases the
// device at once and writes SIGNED_OUT_COOKIE: a cookie rather than localStorage or IndexedDB
// because the erase clears those, because every request of the browser (the page's, the service
// worker's, a navigation's) carries it, so the server ends the session on the first one that
// reaches it whatever sends it (src/server/auth/signed-out.ts), and because the app reads it
// synchronously on its first screen. While it is there the app treats the device as signed out;
// the logout call is sent as soon as the server answers again, before any other request of the
// page, and the marker goes once the server has answered it.
import { OWNER_COOKIE, SESSION_PATHS, SIGNED_OUT_COOKIE } from '../contract/session-names'
import { isOnline, subscribeConnection } from './connection'

/** Longer than any session may live (browsers keep a cookie 400 days at most). */
const MARKER_SECONDS = 400 * 24 * 60 * 60
const LOGOUT_TIMEOUT_MS = 10_000

// The service worker has no document: there the server's check is the guarantee.
const doc = (globalThis as { document?: { cookie: string } }).document

// document.cookie asks the browser's network process each time (measured: a hundred reads, 28 ms
// on an unthrottled CPU, when the preparation starts its grouped reads). Within one run of script
// the cookies change only by this page's own writes: one read serves until the next microtask.
let cookies: string | undefined
function allCookies(): string | undefined {
  if (cookies === undefined && doc) {
    cookies = doc.cookie
    queueMicrotask(() => (cookies = undefined))
  }
  return cookies
}
function writeCookie(value: string) {
  if (!doc) return
  doc.cookie = value
  cookies = undefined
}

/** A cookie of this page readable by the app (undefined: none, or no page). */
export const readCookie = (name: string): string | undefined =>
  allCookies()
    ?.split(/;\s*/)
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1)

/** A sign-out waits to be told to the server: the device is signed out meanwhile. */
export const signOutPending = (): boolean => readCookie(SIGNED_OUT_COOKIE) !== undefined

function writeMarker(maxAge: number) {
  if (!doc) return
  const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : ''
  writeCookie(`${SIGNED_OUT_COOKIE}=${maxAge > 0 ? '1' : ''}; Path=/; Max-Age=${maxAge}; SameSite=Strict${secure}`)
}

/** "Déconnexion": from now on the device is signed out, whatever the network, and has no owner
 * (api/device-owner) even before the server clears the owner tag. */
export function markSignedOut() {
  writeMarker(MARKER_SECONDS)
  writeCookie(`${OWNER_COOKIE}=; Path=/; Max-Age=0`)
}

let sending: Promise<boolean> | null = null

/**
 * Tells the server about a waiting sign-out (POST /security/logout, which revokes the session and
 * clears both cookies). True once nothing waits; false while the server has not answered it.
 * Concurrent callers share one call.
 */
export function settleSignOut(): Promise<boolean> {
  if (!signOutPending()) return Promise.resolve(true)
  sending ??= fetch(SESSION_PATHS.logout, {
    method: 'POST',
    credentials: 'include',
    headers: { Accept: 'application/json' },
    signal: AbortSignal.timeout(LOGOUT_TIMEOUT_MS),
  })
    .then((res) => {
      // A 5xx may not have revoked anything: the marker stays for the next try.
      if (res.status >= 500) return false
      writeMarker(0)
      return true
    })
    .catch(() => false)
    .finally(() => {
      sending = null
    })
  return sending
}

/** At start, and each time the server answers again: send the waiting sign-out, if any. */
export function watchPendingSignOut(): void {
  if (!doc) return
  subscribeConnection(() => {
    if (isOnline() && signOutPending()) void settleSignOut()
  })
  if (signOutPending()) void settleSignOut()
}
