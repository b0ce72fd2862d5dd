// A sign-out made without network (issue 25): the app wrote SIGNED_OUT_COOKIE beside the session
// cookie. Whatever request of that browser reaches the server first — the app's own logout call,
// a navigation, the service worker's background sync, a preload — ends the session it carries
// before anything is done with it, so the session is anonymous for that request and every later
// one, and both cookies are cleared. A sign-in sets a new session: its cookie is kept.
import type { MiddlewareHandler } from 'hono'
import { deleteCookie, getCookie } from 'hono/cookie'
import { SESSION_PATHS, SIGNED_OUT_COOKIE } from '../../contract/session'
import type { AppEnv } from '../http/env'
import { clearSessionCookie, readSessionCookie } from './cookie'
import { revokeSession } from './session-store'

/** Requests that write a new session cookie: the old one is revoked, the new one stays. */
const signsIn = (method: string, path: string) =>
  (method === 'POST' && path === SESSION_PATHS.login) || path === '/security/callback'

export const honorSignOut: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (getCookie(c, SIGNED_OUT_COOKIE) === undefined) return next()
  const token = readSessionCookie(c)
  if (token) {
    const { db, clock } = c.get('deps')
    // Before the session is looked up: the rest of this request sees no session.
    await revokeSession(db, token, clock.now())
  }
  await next()
  // After the answer is built, so these come last and win over nothing the handler meant to keep.
  deleteCookie(c, SIGNED_OUT_COOKIE, { path: '/' })
  if (token && !signsIn(c.req.method, c.req.path)) clearSessionCookie(c)
}
