// Who may call /api/integration/v1/…: an API key, and nothing else (ARCHITECTURE.md "The
// cooperative's door"). A member's or staff member's session cookie never opens these routes (403
// when it comes without a key: the caller is signed in, just at the wrong door); an API key never
// opens the members' routes, which read only the session cookie. Each use of a key is counted in
// PostgreSQL against INTEGRATION_RATE_LIMIT per minute, whatever the instance; a key that opens
// nothing is counted against the client's address (30 a minute, then 429 for any key from there).
// A key past its end is 401 « clé expirée »; a key whose scope does not cover the route is 403.
import type { MiddlewareHandler } from 'hono'
import { CODES_ERREUR } from '../../../contract/error-codes'
import { ZONE } from '../../../domain/calendar'
import { DateTime } from 'luxon'
import { readSessionCookie } from '../../auth/cookie'
import { clientAddress } from '../../http/client-address'
import type { AppEnv } from '../../http/env'
import { HttpError } from '../../http/http-error'
import { CLE_API_ECHECS_PAR_MINUTE, checkApiKey, porteeOuvre, type Besoin } from '../../services/api-keys'

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
  const presented = BEARER.exec(authorization)?.[1] ?? null
  const { db, config, clock } = c.get('deps')
  const check = await checkApiKey(db, presented, {
    limit: config.integrationRateLimit,
    address: clientAddress(c),
    now: clock.now().toJSDate(),
  })
  if (check.state === 'throttled')
    throw new HttpError(
      429,
      `Trop de clés d’API refusées depuis cette adresse (${CLE_API_ECHECS_PAR_MINUTE} par minute) : réessayez dans ${check.retryAfterSeconds} s.`,
      CODES_ERREUR.TROP_DE_REQUETES,
      { 'Retry-After': String(check.retryAfterSeconds) },
    )
  if (check.state === 'expired') {
    const end = DateTime.fromJSDate(check.expireA).setZone(ZONE).toFormat('dd/MM/yyyy à HH:mm')
    throw new HttpError(
      401,
      `Clé d’API refusée : clé expirée le ${end} (heure de Paris). Demandez une nouvelle clé à l’administrateur de Silo.`,
      CODES_ERREUR.CLE_API_EXPIREE,
      { 'WWW-Authenticate': 'Bearer realm="silo-integration", error="invalid_token"' },
    )
  }
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
  const besoin: Besoin = c.req.method === 'GET' || c.req.method === 'HEAD' ? 'lecture' : 'ecriture'
  if (!porteeOuvre(check.portee, besoin))
    throw new HttpError(
      403,
      besoin === 'ecriture'
        ? `Cette clé d’API est en lecture seule (portée « ${check.portee} ») : elle lit le flux des commandes mais n’enregistre ni étapes ni livraisons.`
        : `Cette clé d’API sert à l’écriture seule (portée « ${check.portee} ») : elle enregistre étapes et livraisons mais ne lit pas le flux des commandes.`,
      CODES_ERREUR.CLE_API_PORTEE,
    )
  c.set('apiKey', { id: check.id, nom: check.nom })
  await next()
}
