// GET /web/v1/referentiel — reference data: slots, truck modes, silo types, departments, banner…
import { Hono } from 'hono'
import { describeRoute, resolver } from 'hono-openapi'
import { ErrorBody } from '../../../contract/common'
import { Referentiel, REFERENTIEL_PATH, ReferentielQuery } from '../../../contract/referentiel'
import { requireActFor } from '../../auth/access'
import { requireUser } from '../../auth/session-middleware'
import type { AppEnv } from '../../http/env'
import { validate } from '../../http/validate'
import { loadReferentiel } from '../../services/referentiel'
import {
  PARAMETRES_COMMANDE_PATH,
  ParametresCommande,
  ParametresCommandeQuery,
} from '../../../contract/parametres-commande'
import { loadParametresCommande } from '../../services/parametres-commande'
import { cachedReference } from '../../services/reference-cache'
import { loadTablesArticles } from '../../services/tables-articles'
import { parametresArticleDe } from '../../../domain/hors-connexion'

export const referentielRoutes = new Hono<AppEnv>()

referentielRoutes.get(
  REFERENTIEL_PATH,
  describeRoute({
    summary: 'Données de référence (créneaux, modes camion, types de silo, départements, bandeau de messages…)',
    tags: ['référentiel'],
    responses: {
      200: { description: 'Référentiel', content: { 'application/json': { schema: resolver(Referentiel) } } },
      401: { description: 'Non authentifié', content: { 'application/json': { schema: resolver(ErrorBody) } } },
      403: {
        description: 'La session ne peut pas agir pour ce tiers',
        content: { 'application/json': { schema: resolver(ErrorBody) } },
      },
    },
  }),
  validate('query', ReferentielQuery),
  async (c) => {
    const { numTiers } = c.req.valid('query')
    if (numTiers) await requireActFor(c, numTiers)
    else requireUser(c)
    const { db, clock } = c.get('deps')
    const today = clock.now().toISODate()!
    return c.json(
      (await cachedReference(db, `referentiel:${today}`, () => loadReferentiel(db, today))) satisfies Referentiel,
    )
  },
)

referentielRoutes.get(
  PARAMETRES_COMMANDE_PATH,
  describeRoute({
    summary:
      'Paramètres de commande (heure pivot, délais, jours fériés, limites des modes camion, contraintes de l’article)',
    tags: ['référentiel'],
    responses: {
      200: {
        description: 'Paramètres de commande',
        content: { 'application/json': { schema: resolver(ParametresCommande) } },
      },
      400: { description: 'Paramètres invalides', content: { 'application/json': { schema: resolver(ErrorBody) } } },
      401: { description: 'Non authentifié', content: { 'application/json': { schema: resolver(ErrorBody) } } },
      403: {
        description: 'La session ne peut pas agir pour ce tiers',
        content: { 'application/json': { schema: resolver(ErrorBody) } },
      },
    },
  }),
  validate('query', ParametresCommandeQuery),
  async (c) => {
    const { numTiers, numArticle } = c.req.valid('query')
    await requireActFor(c, numTiers)
    const { db, clock } = c.get('deps')
    const now = clock.now()
    const parametres = await cachedReference(db, `parametres-commande:${now.toISODate()}:`, () =>
      loadParametresCommande(db, now),
    )
    if (!numArticle) return c.json(parametres satisfies ParametresCommande)
    // An article's bounds: its row of the snapshot's tables, by the rule the browser uses offline.
    const tables = await loadTablesArticles(db, [numArticle], null, ['contraintesArticle'])
    return c.json(parametresArticleDe(tables, parametres, numArticle) satisfies ParametresCommande)
  },
)
