// Who may call /api/integration/v1/…: an API key, and nothing else (ARCHITECTURE.md "The
// cooperative's door"). A member's or staff member's session cookie never opens these routes (403
// when it comes without a key: the caller is signed in, just at the wrong door); an API key never
// opens the members' routes, which read only the session cookie. Each use of a key is counted in
// PostgreSQL against INTEGRATION_RATE_LIMIT per minute, whatever the instance.
import type { MiddlewareHandler } from 'hono'
import { CODES_ERREUR } from '../../../contract/error-codes'
import { readSessionCookie } from '../../auth/cookie'
import type { AppEnv } from '../../http/env'
import { HttpError } from '../../http/http-error'
import { checkApiKey } from '../../services/api-keys'

const BEARER = /^Bearer[ ]+(\S+)[ ]*$/i
const challenge = { 'WWW-Authenticate': 'Bearer realm="silo-integration"' }

export const integrationAccess: MiddlewareHandler<AppEnv> = async (c, next) => {
  const authorization = c.req.header('authorization')
  if (authorization === undefined) {
    if (readSessionCookie(c))
      throw new HttpError(
        403,
        'Une session de Silo n’ouvre pas l’API d’intégration : présentez une clé d’API (Authorization: Bearer …).',
        CODES_ERREUR.SESSION_REFUSEE,
      )
    throw new HttpError(
      401,
      'Clé d’API requise : en-tête Authorization: Bearer <clé>.',
      CODES_ERREUR.CLE_API_INVALIDE,
      challenge,
    )
  }
  const presented = BEARER.exec(authorization)?.[1]
  const { db, config } = c.get('deps')
  const check = presented
    ? await checkApiKey(db, presented, config.integrationRateLimit)
    : { state: 'invalid' as const }
  if (check.state === 'invalid')
    throw new HttpError(401, 'Clé d’API invalide ou révoquée.', CODES_ERREUR.CLE_API_INVALIDE, {
      'WWW-Authenticate': 'Bearer realm="silo-integration", error="invalid_token"',
    })
  if (check.state === 'limited')
    throw new HttpError(
      429,
      `Trop de requêtes pour cette clé d’API (${config.integrationRateLimit} par minute) : réessayez dans ${check.retryAfterSeconds} s.`,
      CODES_ERREUR.TROP_DE_REQUETES,
      { 'Retry-After': String(check.retryAfterSeconds) },
    )
  c.set('apiKey', { id: check.id, nom: check.nom })
  await next()
}
