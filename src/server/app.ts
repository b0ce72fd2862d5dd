// The Hono application, built from its dependencies so tests run it through app.request()
// against a migrated database, with a clock of their own.
import { CODES_ERREUR } from '../contract/error-codes'
import { randomUUID } from 'node:crypto'
import { Hono } from 'hono'
import { isServerPath } from '../contract/paths'
import { SESSION_PATHS } from '../contract/session'
import { HTTPException } from 'hono/http-exception'
import { compress } from 'hono/compress'
import { withPageSources } from './http/served-page'
import { NONCE, secureHeaders } from 'hono/secure-headers'
import type { AppDeps, AppEnv } from './http/env'
import { HttpError } from './http/http-error'
import { databaseFault } from './http/database-errors'
import { bodyLimits, closeWhenBodyUnread, sameOriginWrites, signedInOnly } from './http/guards'
import { mountOpenApi } from './http/openapi'
import { mountStatic } from './http/static'
import { BOOT_SCRIPT_HASH } from './http/boot-script'
import { bootStyleHashes } from './http/boot-style'
import { mountTestClock } from './http/test-clock'
import { loadSession } from './auth/session-middleware'
import { honorSignOut } from './auth/signed-out'
import { refuseSignInsWhenFull, sessionRoutes } from './routes/session/session.routes'
import { infosRoutes } from './routes/infos/infos.routes'
import { userRoutes } from './routes/user/user.routes'
import { tiersRoutes } from './routes/tiers/tiers.routes'
import { referentielRoutes } from './routes/referentiel/referentiel.routes'
import { aidesRoutes } from './routes/aides/aides.routes'
import { parametresRoutes } from './routes/parametres/parametres.routes'
import { messagesRoutes } from './routes/messages/messages.routes'
import { articlesRoutes } from './routes/articles/articles.routes'
import { batimentsRoutes } from './routes/batiments/batiments.routes'
import { contratsRoutes } from './routes/contrats/contrats.routes'
import { evaluationsRoutes } from './routes/evaluations/evaluations.routes'
import { exploitationsRoutes } from './routes/exploitations/exploitations.routes'
import { incidentPaiementRoutes } from './routes/incident-paiement/incident-paiement.routes'
import { livraisonsRoutes } from './routes/livraisons/livraisons.routes'
import { lotsRoutes } from './routes/lots/lots.routes'
import { reglementCommandeRoutes } from './routes/reglement-commande/reglement-commande.routes'
import { reglementTiersRoutes } from './routes/reglement-tiers/reglement-tiers.routes'
import { commandesRoutes } from './routes/commandes/commandes.routes'
import { horsConnexionRoutes } from './routes/hors-connexion/hors-connexion.routes'
import { lecturesRoutes } from './routes/lectures/lectures.routes'
import { integrationRoutes } from './routes/integration/integration.routes'
import { accesRoutes } from './routes/acces/acces.routes'
import { firstSignInRoutes } from './routes/session/first-sign-in.routes'
import { linkRequestRoutes } from './routes/session/link-request.routes'
import { invitationsRoutes } from './routes/invitations/invitations.routes'

export function createApp(deps: AppDeps, opts: { serveApp?: boolean } = {}) {
  const app = new Hono<AppEnv>()

  // While this process's sign-in gate is full, a sign-in is refused (503) before anything else.
  app.use(SESSION_PATHS.login, refuseSignInsWhenFull(deps.logger))

  app.use('*', async (c, next) => {
    const started = performance.now()
    c.set('deps', deps)
    // A proxy's id is kept only when it is a plain token: it goes into every log line.
    const given = c.req.header('x-request-id')
    c.set('requestId', given && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID())
    c.set('user', null)
    await next()
    const user = c.get('user')
    deps.logger.info('request', {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round(performance.now() - started),
      user: user?.username,
      actingFor: user?.actingFor ?? undefined,
      id: c.get('requestId'),
    })
  })
  // A refusal given before the body arrived says Connection: close (the socket ends with it).
  app.use('*', closeWhenBodyUnread)
  // Before secureHeaders, to run after it: a served page's own inline sources go into its policy.
  app.use('*', withPageSources)
  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        // The nonce: the scroll restoration's one-off script in the server-rendered history
        // (src/server/http/first-screen-render.ts); a fresh one each response.
        scriptSrc: ["'self'", BOOT_SCRIPT_HASH, NONCE],
        // No 'unsafe-inline' (docs/csp-styles.md): the stylesheets the server inlines carry the
        // nonce, index.html's own <style> is allowed by its hash, and React sets the styles it
        // computes through the DOM (element.style), which the policy does not govern.
        styleSrc: ["'self'", NONCE, ...bootStyleHashes(deps.config.distDir)],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
      },
      referrerPolicy: 'same-origin',
      // Silo uses none of these: no page (nor anything it embeds) may ask for them.
      permissionsPolicy: {
        camera: [],
        microphone: [],
        geolocation: [],
        payment: [],
        usb: [],
        serial: [],
        hid: [],
        bluetooth: [],
        displayCapture: [],
        midi: [],
        accelerometer: [],
        gyroscope: [],
        magnetometer: [],
        browsingTopics: [],
      },
    }),
  )
  app.use('*', sameOriginWrites)
  app.use('*', compress())
  // Order matters: who is calling first (anonymous /web/… → 401 whatever the request holds),
  // then the body's size, and only then do the routes parse and validate anything.
  // The public infos (version, readiness) never read the session: they answer without the database.
  const publicInfos = (path: string) => path.startsWith('/public/infos/')
  // A sign-out the device made without network ends its session before the session is read.
  app.use('*', (c, next) => (publicInfos(c.req.path) ? next() : honorSignOut(c, next)))
  app.use('*', (c, next) => (publicInfos(c.req.path) ? next() : loadSession(c, next)))
  app.use('/web/*', signedInOnly)
  app.use('*', bodyLimits)

  app.route('/', sessionRoutes)
  app.route('/', firstSignInRoutes)
  app.route('/', linkRequestRoutes)
  app.route('/', infosRoutes)
  app.route('/', userRoutes)
  app.route('/', tiersRoutes)
  app.route('/', referentielRoutes)
  app.route('/', aidesRoutes)
  app.route('/', parametresRoutes)
  app.route('/', messagesRoutes)
  app.route('/', articlesRoutes)
  // Under /web/v1/tiers/{numTiers}/: one router per resource.
  for (const routes of [
    livraisonsRoutes,
    contratsRoutes,
    lotsRoutes,
    exploitationsRoutes,
    batimentsRoutes,
    incidentPaiementRoutes,
    reglementTiersRoutes,
    reglementCommandeRoutes,
    commandesRoutes,
    horsConnexionRoutes,
  ])
    app.route('/', routes)
  app.route('/', evaluationsRoutes)
  app.route('/', accesRoutes)
  app.route('/', invitationsRoutes)
  // The ERP's door: API keys only (routes/integration/integration-access.ts).
  app.route('/', integrationRoutes)
  app.route('/', lecturesRoutes(app))
  mountOpenApi(app)
  if (deps.config.isTest) mountTestClock(app)

  app.onError((err, c) => {
    if (err instanceof HttpError) {
      for (const [k, val] of Object.entries(err.headers ?? {})) c.header(k, val)
      return c.json({ message: err.message, code: err.code }, err.status)
    }
    if (err instanceof SyntaxError)
      return c.json({ message: 'Requête invalide : JSON mal formé.', code: CODES_ERREUR.REQUETE_INVALIDE }, 400)
    // Hono's own refusals (a body that is not JSON, a bad content type…) keep their 4xx status
    // with a French reason: bad input never answers 500.
    if (err instanceof HTTPException && err.status < 500) {
      const message =
        err.status === 400
          ? 'Requête invalide : corps illisible (JSON mal formé ou type de contenu incorrect).'
          : err.message || 'Requête refusée'
      return c.json({ message, code: CODES_ERREUR.REQUETE_INVALIDE }, err.status)
    }
    // The database busy or unreachable (http/database-errors.ts): 503, the client tries again.
    const fault = databaseFault(err)
    if (fault) {
      deps.logger.warn('database.unavailable', {
        id: c.get('requestId'),
        method: c.req.method,
        path: c.req.path,
        code: fault.code,
        error: String((err as { cause?: unknown }).cause ?? err),
      })
      c.header('Retry-After', String(fault.retryAfter))
      return c.json({ message: fault.message, code: fault.code }, 503)
    }
    // A real fault: logged with the request's id, which the answer gives so a report can be matched.
    const requestId = c.get('requestId')
    deps.logger.error('unhandled', {
      id: requestId,
      method: c.req.method,
      path: c.req.path,
      error: String(err),
      stack: (err as Error).stack,
    })
    return c.json({ message: 'Erreur technique du serveur', code: CODES_ERREUR.ERREUR_TECHNIQUE, requestId }, 500)
  })

  if (opts.serveApp !== false) mountStatic(app, deps.config.distDir)
  app.notFound((c) =>
    isServerPath(c.req.path)
      ? c.json({ message: 'Resource inexistante', code: CODES_ERREUR.INTROUVABLE }, 404)
      : c.text('Page introuvable', 404),
  )
  return app
}
