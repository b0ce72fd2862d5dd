// GET/POST /security/login, POST /security/refresh, POST /security/logout, GET /security/callback.
import { Hono } from 'hono'
import { describeRoute, resolver } from 'hono-openapi'
import * as v from 'valibot'
import { LoginBody, SessionInfo } from '../../../api/contract/session'
import { ErrorBody } from '../../../api/contract/common'
import type { AppEnv } from '../../http/env'
import { clearSessionCookie, readSessionCookie, writeSessionCookie } from '../../auth/cookie'
import { finishOidcLogin, startOidcLogin } from '../../auth/oidc'
import { createSession, refreshSession, revokeSession } from '../../auth/session-store'
import { safeRedirect, signInPage } from '../../auth/sign-in-page'
import { checkPassword, userExists } from './session.handlers'

export const LOGIN_FAILED = "Erreur d'authentification"

export const sessionRoutes = new Hono<AppEnv>()

const limitsOf = (c: { get(k: 'deps'): AppEnv['Variables']['deps'] }) => {
  const { config } = c.get('deps')
  return { idleSeconds: config.sessionIdleSeconds, maxAgeSeconds: config.sessionMaxAgeSeconds }
}
const clientIp = (c: { req: { header(n: string): string | undefined } }) =>
  c.req.header('x-forwarded-for')?.split(',')[0]?.trim() ?? c.req.header('x-real-ip') ?? null

sessionRoutes.get(
  '/security/login',
  describeRoute({ summary: "Page de connexion (ou redirection vers le fournisseur OpenID Connect)", tags: ['session'], responses: { 200: { description: 'HTML' } } }),
  async (c) => {
    const { config } = c.get('deps')
    const redirectFrom = safeRedirect(c.req.query('redirectFrom'))
    if (config.oidc) return startOidcLogin(c, config, redirectFrom)
    return c.html(signInPage({ redirectFrom }))
  },
)

sessionRoutes.get('/security/callback', describeRoute({ hide: true }), async (c) => {
  const { config, db, clock } = c.get('deps')
  if (!config.oidc) return c.redirect('/security/login', 302)
  const result = await finishOidcLogin(c, config).catch(() => null)
  // The provider proves who it is; Silo must also know the account (its roles live here).
  if (!result || !(await userExists(db, result.username))) return c.redirect('/login?error=1', 302)
  const { token, expiresAt } = await createSession(db, {
    username: result.username, now: clock.now(), ip: clientIp(c), userAgent: c.req.header('user-agent') ?? null, limits: limitsOf(c),
  })
  writeSessionCookie(c, token, expiresAt)
  return c.redirect(safeRedirect(result.redirectFrom), 302)
})

sessionRoutes.post(
  '/security/login',
  describeRoute({
    summary: 'Connexion par identifiant et mot de passe (formulaire ou JSON)',
    tags: ['session'],
    responses: {
      200: { description: 'Session ouverte', content: { 'application/json': { schema: resolver(SessionInfo) } } },
      401: { description: LOGIN_FAILED, content: { 'application/json': { schema: resolver(ErrorBody) } } },
      429: { description: 'Trop de tentatives', content: { 'application/json': { schema: resolver(ErrorBody) } } },
    },
  }),
  async (c) => {
    const { db, clock } = c.get('deps')
    const isForm = !(c.req.header('content-type') ?? '').includes('application/json')
    const raw = isForm ? Object.fromEntries(Object.entries(await c.req.parseBody()).map(([k, val]) => [k, String(val)])) : await c.req.json()
    const parsed = v.safeParse(LoginBody, raw)
    const redirectFrom = safeRedirect(parsed.success ? parsed.output.redirectFrom : (raw as { redirectFrom?: string })?.redirectFrom)
    const fail = (status: 400 | 401 | 429, message: string, username = '') =>
      isForm ? c.html(signInPage({ redirectFrom, error: message, username }), status) : c.json({ message, code: 'AUTHENTIFICATION' }, status)
    if (!parsed.success) return fail(400, LOGIN_FAILED)
    const { username, password } = parsed.output
    const verdict = await checkPassword(db, { username, password, ip: clientIp(c), now: clock.now() })
    if (verdict.state === 'throttled') {
      c.header('Retry-After', String(verdict.retryAfterSeconds))
      return fail(429, verdict.message, username)
    }
    if (verdict.state === 'refused') return fail(401, LOGIN_FAILED, username)
    const { token, expiresAt } = await createSession(db, {
      username: verdict.username, now: clock.now(), ip: clientIp(c), userAgent: c.req.header('user-agent') ?? null, limits: limitsOf(c),
    })
    writeSessionCookie(c, token, expiresAt)
    if (isForm) return c.redirect(redirectFrom, 303)
    return c.json({ username: verdict.username, expiresAt: expiresAt.toISOString() })
  },
)

sessionRoutes.post(
  '/security/refresh',
  describeRoute({
    summary: 'Prolonge la session en cours (appelé une fois par le client après un 401)',
    tags: ['session'],
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
      clearSessionCookie(c)
      return c.json({ message: 'Session expirée : veuillez vous reconnecter.', code: 'SESSION_EXPIREE' }, 401)
    }
    writeSessionCookie(c, token, refreshed.expiresAt)
    return c.json({ username: refreshed.username, expiresAt: refreshed.expiresAt.toISOString() } satisfies SessionInfo)
  },
)

sessionRoutes.post(
  '/security/logout',
  describeRoute({ summary: 'Termine la session (le jeton est révoqué)', tags: ['session'], responses: { 204: { description: 'Session terminée' } } }),
  async (c) => {
    const { db, clock } = c.get('deps')
    const token = readSessionCookie(c)
    if (token) await revokeSession(db, token, clock.now())
    clearSessionCookie(c)
    return c.body(null, 204)
  },
)
