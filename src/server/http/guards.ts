// Cross-origin writes are refused: the session cookie is SameSite=Lax, and on top of it every
// state-changing request must come from our own origin (Origin or Sec-Fetch-Site say so).
import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from './env'
import { badRequest } from './http-error'

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS'])

export const sameOriginWrites: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (SAFE.has(c.req.method)) return next()
  const site = c.req.header('sec-fetch-site')
  const origin = c.req.header('origin')
  const host = c.req.header('x-forwarded-host') ?? c.req.header('host')
  const publicUrl = c.get('deps').config.publicUrl
  const allowed = new Set<string>()
  if (host) {
    allowed.add(`http://${host}`)
    allowed.add(`https://${host}`)
  }
  if (publicUrl) allowed.add(new URL(publicUrl).origin)
  if (site === 'cross-site' || (origin && origin !== 'null' && !allowed.has(origin)) || origin === 'null') {
    return c.json({ message: 'Requête refusée : elle ne vient pas de Silo.', code: 'ORIGINE_REFUSEE' }, 403)
  }
  return next()
}

// Hono's validator answers malformed JSON with an HTTPException that app.onError does not know
// (it would become a 500): read the body here first and answer the spec's 400 in French.
export const jsonBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  try {
    await c.req.json()
  } catch {
    throw badRequest('Requête invalide : JSON mal formé.', 'REQUETE_INVALIDE')
  }
  await next()
}
