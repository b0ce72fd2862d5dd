// GET/POST /security/premiere-connexion/demande (issue 48): « Première connexion ou mot de passe
// oublié ? ». A member gives their number and the first sign-in link staff would send goes to the
// address on file (services/link-request.ts). Every well-formed request gets one answer, the same
// bytes whatever the number: a form post a 303 to the fixed page DEMANDE_LIEN_ENVOYEE_PATH (the
// page itself carries the response's CSP nonce, so it cannot be the POST's own answer), a JSON
// request a 202 with one fixed message; and each answers no sooner than the floor. Writes from
// another origin are refused before this (http/guards.ts, sameOriginWrites), as for the sign-in form.
import { Hono, type Context } from 'hono'
import { describeRoute, resolver } from 'hono-openapi'
import * as v from 'valibot'
import {
  DEMANDE_LIEN_ENVOYEE_PATH,
  DEMANDE_LIEN_PATH,
  DemandeLienBody,
  DemandeLienReponse,
} from '../../../contract/acces-adherent'
import { CONTROLE_INTERDIT, ErrorBody, hasControlChar } from '../../../contract/common'
import { CODES_ERREUR } from '../../../contract/error-codes'
import { linkRequestedPage, linkRequestPage } from '../../auth/link-request-page'
import { clientAddress } from '../../http/client-address'
import { error, unavailable } from '../../http/describe'
import type { AppEnv } from '../../http/env'
import { requestFloor, requestSignInLink } from '../../services/link-request'

export const linkRequestRoutes = new Hono<AppEnv>()

/** The JSON answer, the same for every number. */
const DEMANDE_RECUE: DemandeLienReponse = {
  message:
    'Demande reçue : si cet identifiant est celui d’un compte Silo qui a une adresse électronique, un lien pour choisir le mot de passe vient d’y être envoyé.',
}
const UNREADABLE = 'Requête invalide : formulaire illisible.'

/** The body's fields, or null when it cannot be read (bad JSON, malformed form). */
async function readFields(c: Context<AppEnv>, isJson: boolean): Promise<unknown> {
  try {
    return isJson ? await c.req.json() : await c.req.parseBody()
  } catch {
    return null
  }
}

linkRequestRoutes.get(
  DEMANDE_LIEN_PATH,
  describeRoute({
    summary: 'Page « Première connexion ou mot de passe oublié ? » : demander un lien de connexion',
    tags: ['session'],
    responses: { 200: { description: 'HTML' } },
  }),
  (c) => {
    c.header('Cache-Control', 'no-store')
    // The number typed on the sign-in page, if it came along (sign-in-page.ts); anything odd is dropped.
    const given = c.req.query('identifiant') ?? ''
    const identifiant = given.length <= 64 && !hasControlChar(given) ? given.trim() : ''
    return c.html(linkRequestPage({ identifiant, nonce: c.get('secureHeadersNonce') }))
  },
)

linkRequestRoutes.get(
  DEMANDE_LIEN_ENVOYEE_PATH,
  describeRoute({
    summary: 'Réponse à une demande de lien de connexion, la même pour tout identifiant',
    tags: ['session'],
    responses: { 200: { description: 'HTML' } },
  }),
  (c) => {
    c.header('Cache-Control', 'no-store')
    return c.html(linkRequestedPage(c.get('secureHeadersNonce')))
  },
)

linkRequestRoutes.post(
  DEMANDE_LIEN_PATH,
  describeRoute({
    summary:
      'Demande un lien de première connexion (ou de nouveau mot de passe) pour un identifiant : envoyé par courriel à l’adresse connue du compte',
    description:
      'La réponse est la même, au même moment, que l’identifiant existe ou non, ait une adresse ou non, soit désactivé ou limité : elle ne dit pas qui a un compte. Au plus 3 liens par heure et 5 par 24 heures pour un compte, quel que soit le demandeur ; au plus 10 demandes par heure depuis une même adresse IP.',
    tags: ['session'],
    requestBody: {
      required: true,
      content: {
        'application/json': { schema: resolver(DemandeLienBody) },
        'application/x-www-form-urlencoded': { schema: resolver(DemandeLienBody) },
      },
    },
    responses: {
      202: {
        description: 'Demande reçue (JSON) : la même réponse pour tout identifiant',
        content: { 'application/json': { schema: resolver(DemandeLienReponse) } },
      },
      303: { description: `Demande reçue (formulaire) : vers ${DEMANDE_LIEN_ENVOYEE_PATH}, pour tout identifiant` },
      400: {
        description: 'Corps illisible ou identifiant absent, trop long ou invalide',
        content: { 'application/json': { schema: resolver(ErrorBody) }, 'text/html': {} },
      },
      403: error('Requête venue d’un autre site'),
      413: error('Corps de plus de 16 Ko'),
      503: unavailable,
    },
  }),
  async (c) => {
    // The floor counts from here: everything before is the same for every number.
    const started = performance.now()
    c.header('Cache-Control', 'no-store')
    const isJson = (c.req.header('content-type') ?? '').includes('application/json')
    const raw = await readFields(c, isJson)
    const parsed = v.safeParse(DemandeLienBody, raw)
    const refused =
      raw === null
        ? isJson
          ? 'Requête invalide : JSON mal formé.'
          : UNREADABLE
        : !parsed.success
          ? parsed.issues[0].message
          : hasControlChar(parsed.output.identifiant)
            ? `Identifiant invalide : ${CONTROLE_INTERDIT}.`
            : null
    // A malformed request says so at once: what is well-formed is public, it tells nobody's account.
    if (refused !== null || !parsed.success) {
      const message = refused ?? UNREADABLE
      return isJson
        ? c.json({ message, code: CODES_ERREUR.REQUETE_INVALIDE }, 400)
        : c.html(linkRequestPage({ error: message, nonce: c.get('secureHeadersNonce') }), 400)
    }
    const { db, config, clock, logger, mail } = c.get('deps')
    await requestSignInLink(
      { db, config, logger, mail },
      { identifiant: parsed.output.identifiant, address: clientAddress(c), now: clock.now() },
    )
    await requestFloor(started, logger)
    return isJson ? c.json(DEMANDE_RECUE, 202) : c.redirect(DEMANDE_LIEN_ENVOYEE_PATH, 303)
  },
)
