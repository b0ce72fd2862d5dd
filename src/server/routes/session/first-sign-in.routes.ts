// GET/POST /security/premiere-connexion: the page a first sign-in link opens (issue 40). The link's
// token is checked before anything costly: a password is hashed only for a link still good, so
// tokens tried at random cost one indexed read each. Choosing the password uses the link (once,
// even for two posts at once), ends the account's other sessions and signs this browser in.
import { Hono, type Context } from 'hono'
import { describeRoute, resolver } from 'hono-openapi'
import * as v from 'valibot'
import { PREMIERE_CONNEXION_PATH, PremiereConnexionBody } from '../../../contract/acces-adherent'
import { motDePasseRefuse } from '../../../domain/mot-de-passe'
import { deadLinkPage, firstSignInPage } from '../../auth/first-sign-in-page'
import { hashPassword } from '../../auth/password'
import { estimerMotDePasse } from '../../auth/password-strength'
import { signedInTarget } from '../../../contract/redirect-target'
import { startSession } from '../../auth/start-session'
import type { AppEnv } from '../../http/env'
import { linkAccount, useSignInLink } from '../../services/sign-in-links'

export const firstSignInRoutes = new Hono<AppEnv>()

const JETON = /^[A-Za-z0-9_-]{43}$/
const page = { 'text/html': { schema: { type: 'string' as const } } }

/**
 * Never kept by a cache. The token in the address leaves in no Referer to another site (the
 * server's Referrer-Policy: same-origin); no-referrer would also make the form's POST say
 * `Origin: null`, which the same-origin check refuses.
 */
function privatePage(c: Context<AppEnv>) {
  c.header('Cache-Control', 'no-store')
}

const dead = (c: Context<AppEnv>) => c.html(deadLinkPage(c.get('secureHeadersNonce')), 404)

firstSignInRoutes.get(
  PREMIERE_CONNEXION_PATH,
  describeRoute({
    summary: 'Page du lien de première connexion : choisir son mot de passe',
    tags: ['session'],
    security: [],
    parameters: [
      {
        in: 'query',
        name: 'jeton',
        required: true,
        schema: { type: 'string', pattern: JETON.source },
        description: 'Le jeton du lien de première connexion reçu par courriel',
      },
    ],
    responses: {
      200: { description: 'Page du choix du mot de passe', content: page },
      404: { description: 'Lien inconnu, déjà utilisé, remplacé ou expiré', content: page },
    },
  }),
  async (c) => {
    privatePage(c)
    const jeton = c.req.query('jeton') ?? ''
    const { db, clock } = c.get('deps')
    const compte = JETON.test(jeton) ? await linkAccount(db, jeton, clock.now()) : null
    if (!compte) return dead(c)
    return c.html(firstSignInPage({ jeton, username: compte.username, nonce: c.get('secureHeadersNonce') }))
  },
)

firstSignInRoutes.post(
  PREMIERE_CONNEXION_PATH,
  describeRoute({
    summary: 'Choisit le mot de passe avec le lien de première connexion, puis ouvre la session',
    tags: ['session'],
    security: [],
    requestBody: {
      required: true,
      content: {
        'application/x-www-form-urlencoded': { schema: resolver(PremiereConnexionBody) },
        'multipart/form-data': { schema: resolver(PremiereConnexionBody) },
      },
    },
    responses: {
      303: { description: 'Mot de passe enregistré, session ouverte : vers l’Historique' },
      400: { description: 'Formulaire illisible', content: page },
      404: { description: 'Lien inconnu, déjà utilisé, remplacé ou expiré', content: page },
      422: {
        description: 'Mot de passe refusé (trop court, courant, facile à deviner, fait de l’identifiant ou du nom…)',
        content: page,
      },
    },
  }),
  async (c) => {
    privatePage(c)
    const fields = await c.req.parseBody().catch(() => null)
    if (!fields) return c.html(deadLinkPage(c.get('secureHeadersNonce')), 400)
    const parsed = v.safeParse(PremiereConnexionBody, fields)
    if (!parsed.success) return dead(c)
    const { jeton, motDePasse, confirmation } = parsed.output
    const { db, clock } = c.get('deps')
    const compte = await linkAccount(db, jeton, clock.now())
    if (!compte) return dead(c)
    const refused = await motDePasseRefuse(compte, motDePasse, confirmation, estimerMotDePasse)
    if (refused) {
      const page = firstSignInPage({
        jeton,
        username: compte.username,
        error: refused.raison,
        hint: refused.conseil,
        nonce: c.get('secureHeadersNonce'),
      })
      return c.html(page, 422)
    }
    const passwordHash = await hashPassword(motDePasse)
    const used = await useSignInLink(db, { jeton, passwordHash, now: clock.now() })
    if (!used) return dead(c)
    await startSession(c, { username: used, knownDeviceId: null })
    return c.redirect(signedInTarget(undefined), 303)
  },
)
