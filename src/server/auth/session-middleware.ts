import type { MiddlewareHandler } from 'hono'
import type { AppEnv, SessionUser } from '../http/env'
import { unauthorized } from '../http/http-error'
import { readSessionCookie } from './cookie'
import { lookupSession } from './session-store'

/** Puts the signed-in user (or null) on the context; it never answers by itself. */
export const loadSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = readSessionCookie(c)
  if (token && !c.req.path.startsWith('/security/')) {
    const { db, clock, config } = c.get('deps')
    const found = await lookupSession(db, token, clock.now(), {
      idleSeconds: config.sessionIdleSeconds,
      maxAgeSeconds: config.sessionMaxAgeSeconds,
    })
    if (found.state === 'valid') c.set('user', found.user)
  }
  return next()
}

/** For handlers: the signed-in user, or a 401 that makes the client refresh once. */
export function requireUser(c: { get(key: 'user'): SessionUser | null }): SessionUser {
  const user = c.get('user')
  if (!user) throw unauthorized()
  return user
}
