// GET /web/v1/tiers/{numTiers} — the customer, with its addresses. Only for a session that may act
// for that customer; an unknown customer answers 404 with code TIERS_INEXISTANT (ordering-area §4).
import { CODES_ERREUR } from '../../../contract/error-codes'
import { Hono } from 'hono'
import { describeRoute, resolver } from 'hono-openapi'
import { ErrorBody, NumTiersParam } from '../../../contract/common'
import { Tiers, TIERS_ROUTE } from '../../../contract/tiers'
import { requireActFor } from '../../auth/access'
import type { AppEnv } from '../../http/env'
import { notFound } from '../../http/http-error'
import { validate } from '../../http/validate'
import { TIERS_SEARCH_PATH, TiersSearchQuery, TiersSearchResult } from '../../../contract/tiers-search'
import { portfolioOf, requireStaff } from '../../auth/access'
import { findTiers } from '../../services/tiers'
import { searchTiers } from './tiers-search.handlers'

export const tiersRoutes = new Hono<AppEnv>()

const errors = {
  401: { description: 'Non authentifié', content: { 'application/json': { schema: resolver(ErrorBody) } } },
  403: {
    description: `La session ne peut pas agir pour ce tiers (${CODES_ERREUR.ACCES_NON_AUTHORISE}, ${CODES_ERREUR.ADHERENT_NON_CHOISI}, ${CODES_ERREUR.HORS_PORTEFEUILLE})`,
    content: { 'application/json': { schema: resolver(ErrorBody) } },
  },
}

// Registered before /:numTiers, which would otherwise take "search" for a customer number.
tiersRoutes.get(
  TIERS_SEARCH_PATH,
  describeRoute({
    summary:
      "Recherche d'adhérents par nom ou numéro (personnel seulement ; un conseiller lié à un portefeuille n'y trouve que ses adhérents), 3 caractères minimum",
    tags: ['tiers'],
    responses: {
      200: {
        description: 'Adhérents trouvés (50 au plus)',
        content: { 'application/json': { schema: resolver(TiersSearchResult) } },
      },
      400: { description: 'Moins de 3 caractères', content: { 'application/json': { schema: resolver(ErrorBody) } } },
      ...errors,
    },
  }),
  validate('query', TiersSearchQuery),
  async (c) => {
    const user = requireStaff(c)
    return c.json(await searchTiers(c.get('deps').db, c.req.valid('query').q, portfolioOf(c, user)))
  },
)

tiersRoutes.get(
  TIERS_ROUTE,
  describeRoute({
    summary: 'Le tiers (client) et ses adresses',
    tags: ['tiers'],
    responses: {
      200: { description: 'Tiers', content: { 'application/json': { schema: resolver(Tiers) } } },
      ...errors,
      404: {
        description: CODES_ERREUR.TIERS_INEXISTANT,
        content: { 'application/json': { schema: resolver(ErrorBody) } },
      },
    },
  }),
  validate('param', NumTiersParam),
  async (c) => {
    const { numTiers } = c.req.valid('param')
    await requireActFor(c, numTiers)
    const tiers = await findTiers(c.get('deps').db, numTiers)
    if (!tiers) throw notFound('Numéro de tiers non reconnu', CODES_ERREUR.TIERS_INEXISTANT)
    return c.json(tiers satisfies Tiers)
  },
)
