// The Hono application, built from its dependencies so tests run it through app.request()
// against a migrated database, with a clock of their own.
import { randomUUID } from 'node:crypto'
import { Hono } from 'hono'
import { isServerPath } from '../api/contract/paths'
import { HTTPException } from 'hono/http-exception'
import { compress } from 'hono/compress'
import { secureHeaders } from 'hono/secure-headers'
import type { AppDeps, AppEnv } from './http/env'
import { HttpError } from './http/http-error'
import { bodyLimits, sameOriginWrites, signedInOnly } from './http/guards'
import { mountOpenApi } from './http/openapi'
import { mountStatic } from './http/static'
import { BOOT_SCRIPT_HASH } from './http/boot-script'
import { mountTestClock } from './http/test-clock'
import { loadSession } from './auth/session-middleware'
import { honorSignOut } from './auth/signed-out'
import { sessionRoutes } from './routes/session/session.routes'
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

export function createApp(deps: AppDeps, opts: { serveApp?: boolean } = {}) {
  const app = new Hono<AppEnv>()

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
  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", BOOT_SCRIPT_HASH],
        styleSrc: ["'self'", "'unsafe-inline'"],
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
  // A sign-out the device made without network ends its session before the session is read.
  app.use('*', honorSignOut)
  app.use('*', loadSession)
  app.use('/web/*', signedInOnly)
  app.use('*', bodyLimits)

  app.route('/', sessionRoutes)
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
  ])
    app.route('/', routes)
  app.route('/', evaluationsRoutes)
  mountOpenApi(app)
  if (deps.config.isTest) mountTestClock(app)

  app.onError((err, c) => {
    if (err instanceof HttpError) {
      for (const [k, val] of Object.entries(err.headers ?? {})) c.header(k, val)
      return c.json({ message: err.message, code: err.code }, err.status)
    }
    if (err instanceof SyntaxError)
      return c.json({ message: 'Requête invalide : JSON mal formé.', code: 'REQUETE_INVALIDE' }, 400)
    // Hono's own refusals (a body that is not JSON, a bad content type…) keep their 4xx status
    // with a French reason: bad input never answers 500.
    if (err instanceof HTTPException && err.status < 500) {
      const message =
        err.status === 400
          ? 'Requête invalide : corps illisible (JSON mal formé ou type de contenu incorrect).'
          : err.message || 'Requête refusée'
      return c.json({ message, code: 'REQUETE_INVALIDE' }, err.status)
    }
    // A lock held by a dead session (see db/client.ts): busy for now, the client tries again.
    if (pgCode(err) === '55P03')
      return c.json(
        { message: 'Le serveur est occupé : veuillez réessayer dans quelques instants.', code: 'SERVEUR_OCCUPE' },
        503,
      )
    // A real fault: logged with the request's id, which the answer gives so a report can be matched.
    const requestId = c.get('requestId')
    deps.logger.error('unhandled', {
      id: requestId,
      method: c.req.method,
      path: c.req.path,
      error: String(err),
      stack: (err as Error).stack,
    })
    return c.json({ message: 'Erreur technique du serveur', code: 'ERREUR_TECHNIQUE', requestId }, 500)
  })

  if (opts.serveApp !== false) mountStatic(app, deps.config.distDir)
  app.notFound((c) =>
    isServerPath(c.req.path)
      ? c.json({ message: 'Resource inexistante', code: 'INTROUVABLE' }, 404)
      : c.text('Page introuvable', 404),
  )
  return app
}

/** The PostgreSQL error code of an error or of its cause (drizzle wraps the driver's error). */
function pgCode(err: unknown): string | null {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
  }
  return null
}
