// Guards every request meets before its route: same-origin writes, a session for /web/…, bounded
// bodies. Cross-origin writes are refused: the session cookie is SameSite=Lax, and on top of it every
// state-changing request must come from our own origin (Origin or Sec-Fetch-Site say so).
import { CODES_ERREUR } from '../../contract/error-codes'
import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { requireUser } from '../auth/session-middleware'
import type { AppEnv } from './env'
import { badRequest } from './http-error'

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS'])

export const sameOriginWrites: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (SAFE.has(c.req.method)) return next()
  const site = c.req.header('sec-fetch-site')
  const origin = c.req.header('origin')
  const { publicUrl, trustedProxies } = c.get('deps').config
  // X-Forwarded-Host is anyone's to write: believed only from proxies of ours (TRUSTED_PROXIES).
  const host = (trustedProxies > 0 ? c.req.header('x-forwarded-host') : undefined) ?? c.req.header('host')
  const allowed = new Set<string>()
  if (host) {
    allowed.add(`http://${host}`)
    allowed.add(`https://${host}`)
  }
  if (publicUrl) allowed.add(new URL(publicUrl).origin)
  if (site === 'cross-site' || (origin && origin !== 'null' && !allowed.has(origin)) || origin === 'null') {
    return c.json({ message: 'Requête refusée : elle ne vient pas de Silo.', code: CODES_ERREUR.ORIGINE_REFUSEE }, 403)
  }
  return next()
}

// Hono's validator answers malformed JSON with an HTTPException that app.onError does not know
// (it would become a 500): read the body here first and answer the spec's 400 in French.
export const jsonBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  try {
    await c.req.json()
  } catch {
    throw badRequest('Requête invalide : JSON mal formé.', CODES_ERREUR.REQUETE_INVALIDE)
  }
  await next()
}

/** Every /web/… call needs a session: checked before the path, query or body is looked at. */
export const signedInOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireUser(c)
  await next()
}

/** Body sizes, in bytes: the sign-in form is a few fields; the largest JSON write is an order. */
const BODY_LIMITS = { signIn: 16 * 1024, json: 256 * 1024 } as const

/**
 * An answer given before the request's body has arrived ends its connection: the server stops
 * reading that body (@hono/node-server drains it for half a second, then closes the socket), so
 * saying `keep-alive` would make the client's next request on it fail. `Connection: close` tells
 * the client, and Node closes the socket once the answer is sent.
 */
export const closeWhenBodyUnread: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next()
  const incoming = c.env?.incoming as { complete?: boolean } | undefined
  if (c.res.status >= 400 && incoming && incoming.complete === false) c.header('Connection', 'close')
}

const tooLarge = (max: number) => (c: Context<AppEnv>) => {
  // The rest of an oversize body is never read: this connection ends with the answer.
  c.header('Connection', 'close')
  return c.json(
    {
      message: `Requête trop volumineuse : ${Math.round(max / 1024)} Ko au plus.`,
      code: CODES_ERREUR.REQUETE_TROP_VOLUMINEUSE,
    },
    413,
  )
}
const signInLimit = bodyLimit({ maxSize: BODY_LIMITS.signIn, onError: tooLarge(BODY_LIMITS.signIn) })
const jsonLimit = bodyLimit({ maxSize: BODY_LIMITS.json, onError: tooLarge(BODY_LIMITS.json) })

/**
 * Bounds every body before anything parses it: a declared Content-Length over the limit is
 * refused without reading a byte; a chunked body is read only up to the limit.
 */
export const bodyLimits: MiddlewareHandler<AppEnv> = (c, next) =>
  (c.req.path.startsWith('/security/') ? signInLimit : jsonLimit)(c, next)
