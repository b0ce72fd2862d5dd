// A member's access, for staff acting for them (issue 40): GET /web/v1/tiers/{numTiers}/acces
// says whether their account has a password and what link was last sent; POST …/acces/lien sends
// a first sign-in link by mail (services/sign-in-links.ts). Farmers never reach either.
import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import { ACCES_ROUTE, AccesAdherent, LIEN_CONNEXION_ROUTE, LienConnexion } from '../../../contract/acces-adherent'
import { NumTiersParam } from '../../../contract/common'
import { requireActFor, requireStaff } from '../../auth/access'
import { describeRead, error, json, unavailable } from '../../http/describe'
import type { AppEnv } from '../../http/env'
import { validate } from '../../http/validate'
import { linkOrigin } from '../../services/link-origin'
import { readAccess, sendSignInLink } from '../../services/sign-in-links'

export const accesRoutes = new Hono<AppEnv>()

accesRoutes.get(
  ACCES_ROUTE,
  describeRead(
    'Compte de connexion de l’adhérent et dernier lien de première connexion (personnel)',
    'acces',
    AccesAdherent,
    {
      404: 'Adhérent sans compte de connexion',
    },
  ),
  validate('param', NumTiersParam),
  async (c) => {
    requireStaff(c)
    const { numTiers } = c.req.valid('param')
    await requireActFor(c, numTiers)
    return c.json(await readAccess(c.get('deps').db, numTiers))
  },
)

accesRoutes.post(
  LIEN_CONNEXION_ROUTE,
  describeRoute({
    summary: 'Envoie à l’adhérent un lien de première connexion par courriel (valable 48 h, une fois)',
    tags: ['acces'],
    responses: {
      200: { description: 'Lien envoyé (le courriel part par la file d’envoi)', content: json(LienConnexion) },
      401: error('Non authentifié'),
      403: error('Réservé au personnel qui agit pour cet adhérent'),
      404: error('Adhérent sans compte de connexion'),
      409: error(
        'Aucune adresse électronique pour ce compte, compte désactivé, ou liens désactivés (PUBLIC_URL absent)',
      ),
      429: error('Trop de liens envoyés à ce compte dans l’heure ou en 24 heures'),
      503: unavailable,
    },
  }),
  validate('param', NumTiersParam),
  async (c) => {
    const user = requireStaff(c)
    const { numTiers } = c.req.valid('param')
    await requireActFor(c, numTiers)
    const { db, clock, mail, config } = c.get('deps')
    // The link's address comes from PUBLIC_URL, never from this request's Host or Origin.
    const link = await sendSignInLink(db, {
      numTiers,
      by: user.username,
      demandeur: { par: 'personnel', nom: user.displayName },
      now: clock.now(),
      origin: linkOrigin(config),
    })
    mail?.kick()
    return c.json(link)
  },
)
