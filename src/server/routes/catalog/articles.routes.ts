// Article reads for one customer (ordering-area §7): the orderable list, and what the order-line
// form needs about one article. Every call names the customer and is checked for the session.
import { Hono } from 'hono'
import {
  ArticleParams,
  Articles,
  ArticlesQuery,
  ContraintesLivraison,
  ContraintesLivraisonQuery,
  Mineraux,
  NumTiersQuery,
  Supplementations,
  ValidationAdresse,
  ValidationAdresseParams,
} from '../../../api/contract/articles'
import { requireActFor } from '../../auth/access'
import type { AppEnv } from '../../http/env'
import { notFound } from '../../http/http-error'
import { validate } from '../../http/validate'
import {
  articleExists,
  loadArticlesCommandables,
  loadContraintesLivraison,
  loadMineraux,
  loadSupplementations,
  validateAdresseLivraison,
} from './articles.handlers'
import { describeRead } from './describe'
import type { Db } from '../../db/client'

export const articlesRoutes = new Hono<AppEnv>()

const ARTICLE_INCONNU = 'Article inconnu'
async function requireArticle(db: Db, type: string | null, num: string) {
  if (!(await articleExists(db, type, num))) throw notFound(ARTICLE_INCONNU, 'ARTICLE_INEXISTANT')
}

articlesRoutes.get(
  '/web/v1/articles',
  describeRead('Articles que le tiers peut commander (commandablesByTiers)', 'articles', Articles),
  validate('query', ArticlesQuery),
  async (c) => {
    const { commandablesByTiers } = c.req.valid('query')
    requireActFor(c, commandablesByTiers)
    return c.json(await loadArticlesCommandables(c.get('deps').db, commandablesByTiers))
  },
)

articlesRoutes.get(
  '/web/v1/articles/:type/:num/supplementations',
  describeRead('Supplémentations proposées avec un article', 'articles', Supplementations, { 404: ARTICLE_INCONNU }),
  validate('param', ArticleParams),
  validate('query', NumTiersQuery),
  async (c) => {
    const { type, num } = c.req.valid('param')
    requireActFor(c, c.req.valid('query').numTiers)
    const { db } = c.get('deps')
    await requireArticle(db, type, num)
    return c.json(await loadSupplementations(db, num))
  },
)

articlesRoutes.get(
  '/web/v1/articles/:type/:num/mineraux',
  describeRead('Minéraux incorporables à un article', 'articles', Mineraux, { 404: ARTICLE_INCONNU }),
  validate('param', ArticleParams),
  validate('query', NumTiersQuery),
  async (c) => {
    const { type, num } = c.req.valid('param')
    requireActFor(c, c.req.valid('query').numTiers)
    const { db } = c.get('deps')
    await requireArticle(db, type, num)
    return c.json(await loadMineraux(db, num))
  },
)

articlesRoutes.get(
  '/web/v1/articles/:type/:num/contraintes-livraison',
  describeRead('Contraintes de livraison d’un article à une adresse (délai en jours ouvrés, jours permis)', 'articles', ContraintesLivraison, { 404: ARTICLE_INCONNU }),
  validate('param', ArticleParams),
  validate('query', ContraintesLivraisonQuery),
  async (c) => {
    const { type, num } = c.req.valid('param')
    const { numTiers, numAdr } = c.req.valid('query')
    requireActFor(c, numTiers)
    const { db } = c.get('deps')
    await requireArticle(db, type, num)
    return c.json(await loadContraintesLivraison(db, num, numTiers, numAdr))
  },
)

// The spec's path fixes the type segment to M.
articlesRoutes.get(
  '/web/v1/articles/M/:num/validationAdresseLivraison/:numTiers/:numAdresse',
  describeRead('Compatibilité du cahier des charges de l’adresse avec l’article (valid)', 'articles', ValidationAdresse, { 404: ARTICLE_INCONNU }),
  validate('param', ValidationAdresseParams),
  async (c) => {
    const { num, numTiers, numAdresse } = c.req.valid('param')
    requireActFor(c, numTiers)
    const { db } = c.get('deps')
    await requireArticle(db, null, num)
    return c.json(await validateAdresseLivraison(db, num, numTiers, numAdresse))
  },
)
