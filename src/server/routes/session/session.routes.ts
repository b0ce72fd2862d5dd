// GET/POST /security/login, POST /security/refresh, POST /security/logout, GET /security/callback.
import { CODES_ERREUR } from '../../../contract/error-codes'
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import type { Logger } from '../../logger'
import { describeRoute, resolver } from 'hono-openapi'
import * as v from 'valibot'
import { LoginBody, SESSION_PATHS, SessionInfo } from '../../../contract/session'
import { ErrorBody } from '../../../contract/common'
import type { AppEnv } from '../../http/env'
import { clearSessionCookie, readDeviceCookie, readSessionCookie } from '../../auth/cookie'
import { BUSY_RETRY_SECONDS } from '../../auth/hash-gate'
import { brakeRefusal } from '../../auth/flood-brake'
import { writeSessionCookies } from '../../auth/device-owner'
import { sessionLimitsOf, startSession } from '../../auth/start-session'
import { finishOidcLogin, startOidcLogin } from '../../auth/oidc'
import { noteOidcSignIn } from '../../services/invitations'
import { lookupSession, refreshSession, revokeSession } from '../../auth/session-store'
import { clientAddress } from '../../http/client-address'
import { safeRedirect, signInPage } from '../../auth/sign-in-page'
import { signedInTarget } from '../../../contract/redirect-target'
import { checkPassword, signInGate, userExists } from './session.handlers'

const LOGIN_FAILED = "Erreur d'authentification"
/** Said under the spec's words on the sign-in page: what a farmer can check (issue 27). */
const LOGIN_FAILED_HINT =
  'L’identifiant (votre numéro de tiers) ou le mot de passe est incorrect. Vérifiez-les ; mot de passe oublié : suivez « Première connexion ou mot de passe oublié ? ».'
const BUSY = 'Trop de connexions en cours : veuillez réessayer dans quelques secondes.'
/**
 * What a logout's answer tells the browser to erase: its HTTP cache of this site. Checked in
 * Chromium 156: "cache" empties the HTTP cache only; the Cache Storage (the service worker's
 * precached shell, which the offline start needs), the service worker and the site's storage stay.
 * The app erases the leaving user's own copies itself (src/app/ui/shell/sign-out.ts); "storage"
 * would also drop the sealed unsent orders of a user who signs out offline.
 */
const CLEAR_ON_LOGOUT = '"cache"'

export const sessionRoutes = new Hono<AppEnv>()

/** A refused sign-in: `{ message, code }` to JSON, the sign-in page with the reason to the form. */
const errorOrPage = {
  'application/json': { schema: resolver(ErrorBody) },
  'text/html': { schema: { type: 'string' as const } },
}
const page = { 'text/html': { schema: { type: 'string' as const } } }

const limitsOf = sessionLimitsOf
// eslint-disable-next-line no-control-regex -- a NUL or a newline is never part of an account name
const CONTROL = /[\u0000-\u001f\u007f]/
const UNREADABLE = {
  form: 'Requête invalide : formulaire de connexion illisible.',
  json: 'Requête invalide : JSON mal formé.',
}

/** The 503 of a sign-in refused at the gate: JSON, or the sign-in page for a form. */
function busy(c: Context<AppEnv>, isForm: boolean, redirectFrom = '/', username = '') {
  c.header('Retry-After', String(BUSY_RETRY_SECONDS))
  return isForm
    ? c.html(signInPage({ redirectFrom, error: BUSY, username, nonce: c.get('secureHeadersNonce') }), 503)
    : c.json({ message: BUSY, code: CODES_ERREUR.CONNEXIONS_SATUREES }, 503)
}

/**
 * Placed first in the app: while every place of the gate is taken, a JSON sign-in is refused before
 * any other middleware (log line, headers, session, body), so that a flood of sign-ins costs as
 * little as possible of the event loop the orders share; under a flood, with a brake. Refusals are
 * logged as one count every ten seconds instead of one line each.
 */
export function refuseSignInsWhenFull(logger: Logger): MiddlewareHandler<AppEnv> {
  let refused = 0
  let since = 0
  return async (c, next) => {
    // A form (the sign-in page) takes the full path: its 503 page gets the security headers.
    const isJson = (c.req.header('content-type') ?? '').includes('application/json')
    if (c.req.method !== 'POST' || !isJson || !signInGate.full) return next()
    refused++
    const now = Date.now()
    if (now - since >= 10_000) {
      if (since > 0) logger.warn('sign-ins refused: every place of the gate taken', { refused })
      since = now
      refused = 0
    }
    c.header('X-Content-Type-Options', 'nosniff')
    // Under a flood, the answer waits a moment (auth/flood-brake.ts).
    const brake = brakeRefusal(now)
    if (brake) await brake
    return busy(c, false)
  }
}

/** The sign-in body as fields, or null when it cannot be read (malformed multipart, bad JSON…). */
async function readLoginBody(c: Context<AppEnv>, isForm: boolean): Promise<Record<string, unknown> | null> {
  try {
    if (!isForm) {
      const body: unknown = await c.req.json()
      return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {}
    }
    const fields = await c.req.parseBody()
    return Object.fromEntries(Object.entries(fields).map(([k, val]) => [k, typeof val === 'string' ? val : '']))
  } catch {
    return null
  }
}

sessionRoutes.get(
  SESSION_PATHS.login,
  describeRoute({
    summary: 'Page de connexion (ou redirection vers le fournisseur OpenID Connect)',
    tags: ['session'],
    security: [],
    parameters: [
      {
        in: 'query',
        name: 'redirectFrom',
        required: false,
        schema: { type: 'string' },
        description: 'Chemin de Silo où aller une fois connecté',
      },
    ],
    responses: {
      200: { description: 'Page de connexion', content: page },
      302: { description: 'Déjà connecté, ou connexion par le fournisseur OpenID Connect : redirection' },
    },
  }),
  async (c) => {
    const { config, db, clock } = c.get('deps')
    // Never kept: Back after signing in asks again, and a person signed in already goes on to
    // where the sign-in would have sent them, not to this form (issue 43). The session is not
    // read for the session's own paths (session-middleware.ts): this one looks it up itself.
    c.header('Cache-Control', 'no-store')
    const token = readSessionCookie(c)
    const session = token ? await lookupSession(db, token, clock.now(), limitsOf(c)) : null
    if (session?.state === 'valid') return c.redirect(signedInTarget(c.req.query('redirectFrom')), 302)
    const redirectFrom = safeRedirect(c.req.query('redirectFrom'))
    if (config.oidc) return startOidcLogin(c, config, redirectFrom)
    return c.html(signInPage({ redirectFrom, nonce: c.get('secureHeadersNonce') }))
  },
)

sessionRoutes.get('/security/callback', describeRoute({ hide: true }), async (c) => {
  const { config, db } = c.get('deps')
  if (!config.oidc) return c.redirect(SESSION_PATHS.login, 302)
  const result = await finishOidcLogin(c, config).catch(() => null)
  // The provider proves who it is; Silo must also know the account (its roles live here).
  if (!result || !(await userExists(db, result.username))) return c.redirect('/login?error=1', 302)
  // The invitations' states: this account signs in through the provider (no link needed).
  await noteOidcSignIn(db, result.username, c.get('deps').clock.now())
  await startSession(c, { username: result.username, knownDeviceId: null, device: false })
  return c.redirect(safeRedirect(result.redirectFrom), 302)
})

sessionRoutes.post(
  SESSION_PATHS.login,
  describeRoute({
    summary: 'Connexion par identifiant et mot de passe (formulaire ou JSON)',
    description:
      'En JSON, la réponse est JSON ; le formulaire de la page de connexion reçoit une redirection (303) vers redirectFrom, ou la page avec la raison du refus.',
    tags: ['session'],
    security: [],
    requestBody: {
      required: true,
      content: {
        'application/json': { schema: resolver(LoginBody) },
        'application/x-www-form-urlencoded': { schema: resolver(LoginBody) },
      },
    },
    responses: {
      200: { description: 'Session ouverte', content: { 'application/json': { schema: resolver(SessionInfo) } } },
      303: { description: 'Formulaire : session ouverte, redirection vers redirectFrom' },
      400: { description: 'Corps illisible ou identifiant invalide', content: errorOrPage },
      401: { description: LOGIN_FAILED, content: errorOrPage },
      413: { description: 'Corps de plus de 16 Ko', content: { 'application/json': { schema: resolver(ErrorBody) } } },
      429: { description: 'Trop de tentatives (Retry-After en secondes)', content: errorOrPage },
      503: {
        description: 'Trop de connexions en cours sur ce serveur (Retry-After en secondes)',
        content: errorOrPage,
      },
    },
  }),
  async (c) => {
    const { db, clock } = c.get('deps')
    const isForm = !(c.req.header('content-type') ?? '').includes('application/json')
    const raw = await readLoginBody(c, isForm)
    const parsed = v.safeParse(LoginBody, raw)
    const redirectFrom = safeRedirect(parsed.success ? parsed.output.redirectFrom : raw?.redirectFrom)
    const fail = (status: 400 | 401 | 429, message: string, username = '') =>
      isForm
        ? c.html(
            signInPage({
              redirectFrom,
              error: message,
              username,
              hint: message === LOGIN_FAILED ? LOGIN_FAILED_HINT : null,
              nonce: c.get('secureHeadersNonce'),
            }),
            status,
          )
        : c.json({ message, code: CODES_ERREUR.AUTHENTIFICATION }, status)
    if (raw === null) return fail(400, isForm ? UNREADABLE.form : UNREADABLE.json)
    if (!parsed.success || CONTROL.test(parsed.output.username)) return fail(400, LOGIN_FAILED)
    const { username, password } = parsed.output
    // A place at the gate before any counter or query: beyond its places, refused at once, uncounted.
    const place = signInGate.enter()
    if (!place) return busy(c, isForm, redirectFrom, username)
    const ip = clientAddress(c)
    const deviceToken = readDeviceCookie(c)
    const verdict = await checkPassword(db, place, { username, password, ip, deviceToken, now: clock.now() }).finally(
      () => place.leave(),
    )
    if (verdict.state === 'throttled') {
      c.header('Retry-After', String(verdict.retryAfterSeconds))
      return fail(429, verdict.message, username)
    }
    if (verdict.state === 'refused') return fail(401, LOGIN_FAILED, username)
    const { expiresAt } = await startSession(c, { username: verdict.username, knownDeviceId: verdict.deviceId })
    if (isForm) return c.redirect(redirectFrom, 303)
    return c.json({ username: verdict.username, expiresAt: expiresAt.toISOString() })
  },
)

sessionRoutes.post(
  SESSION_PATHS.refresh,
  describeRoute({
    summary: 'Prolonge la session en cours (appelé une fois par le client après un 401)',
    tags: ['session'],
    security: [{ session: [] }, {}],
    responses: {
      200: { description: 'Session prolongée', content: { 'application/json': { schema: resolver(SessionInfo) } } },
      401: { description: 'Session terminée', content: { 'application/json': { schema: resolver(ErrorBody) } } },
    },
  }),
  async (c) => {
    const { db, clock } = c.get('deps')
    const token = readSessionCookie(c)
    const refreshed = token ? await refreshSession(db, token, clock.now(), limitsOf(c)) : null
    if (!token || !refreshed) {
      // Only the cookie this request carried is cleared: one sent without any (a signed-out page
      // checking) must not erase the session another tab has signed in with meanwhile.
      if (token) clearSessionCookie(c)
      return c.json(
        { message: 'Session expirée : veuillez vous reconnecter.', code: CODES_ERREUR.SESSION_EXPIREE },
        401,
      )
    }
    await writeSessionCookies(c, refreshed.username, token, refreshed.expiresAt)
    return c.json({ username: refreshed.username, expiresAt: refreshed.expiresAt.toISOString() } satisfies SessionInfo)
  },
)

sessionRoutes.post(
  SESSION_PATHS.logout,
  describeRoute({
    summary: 'Termine la session (le jeton est révoqué)',
    tags: ['session'],
    security: [{ session: [] }, {}],
    responses: { 204: { description: 'Session terminée' } },
  }),
  async (c) => {
    const { db, clock } = c.get('deps')
    const token = readSessionCookie(c)
    if (token) await revokeSession(db, token, clock.now())
    clearSessionCookie(c)
    // The browser's HTTP cache of this site goes too: the pages and answers of the one who leaves,
    // on a shared device.
    c.header('Clear-Site-Data', CLEAR_ON_LOGOUT)
    return c.body(null, 204)
  },
)
