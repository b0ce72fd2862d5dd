// Article reads for one customer (ordering-area §7): the orderable list, and what the order-line
// form needs about one article. Every call names the customer and is checked for the session.
import { CODES_ERREUR } from '../../../contract/error-codes'
import { Hono } from 'hono'
import {
  ArticleParams,
  Articles,
  ARTICLES_PATH,
  ArticlesQuery,
  CONTRAINTES_LIVRAISON_ROUTE,
  ContraintesLivraison,
  ContraintesLivraisonQuery,
  Mineraux,
  MINERAUX_ROUTE,
  NumTiersQuery,
  Supplementations,
  SUPPLEMENTATIONS_ROUTE,
  VALIDATION_ADRESSE_ROUTE,
  ValidationAdresse,
  ValidationAdresseParams,
} from '../../../contract/articles'
import {
  ARTICLE_ROUTE,
  ArticleCommandableBody,
  ArticleModifiable,
  ARTICLES_MODIFIABLES_PATH,
  ArticlesModifiables,
  ArticlesModifiablesQuery,
  Diagnostic,
  DIAGNOSTIC_ROUTE,
  NumArticleParam,
  NumTiersOnlyQuery,
} from '../../../contract/articles-admin'
import { MESSAGES } from '../../../domain/constants'
import { canEditArticles } from '../../../domain/roles'
import { requireActFor, requireRole } from '../../auth/access'
import { audit } from '../../db/audit'
import {
  addedNotOrdered,
  diagnose,
  findArticle,
  searchNonCommandables,
  setCommandable,
} from './articles-admin.handlers'
import { tiersExists } from '../../services/tiers'
import type { AppEnv } from '../../http/env'
import { badRequest, notFound } from '../../http/http-error'
import { validate } from '../../http/validate'
import {
  articleExists,
  loadArticlesCommandables,
  loadContraintesLivraison,
  loadMineraux,
  loadSupplementations,
  validateAdresseLivraison,
} from '../../services/articles'
import { describeRead } from '../../http/describe'
import type { Db } from '../../db/client'

export const articlesRoutes = new Hono<AppEnv>()

const ARTICLE_INCONNU = 'Article inconnu'
async function requireArticle(db: Db, type: string | null, num: string) {
  if (!(await articleExists(db, type, num))) throw notFound(ARTICLE_INCONNU, CODES_ERREUR.ARTICLE_INEXISTANT)
}

articlesRoutes.get(
  ARTICLES_PATH,
  describeRead('Articles que le tiers peut commander (commandablesByTiers)', 'articles', Articles),
  validate('query', ArticlesQuery),
  async (c) => {
    const { commandablesByTiers } = c.req.valid('query')
    await requireActFor(c, commandablesByTiers)
    return c.json(await loadArticlesCommandables(c.get('deps').db, commandablesByTiers))
  },
)

// What may go with an article (its supplementations, its minerals): the same checks, another list.
function readWithArticle<T>(
  route: typeof SUPPLEMENTATIONS_ROUTE | typeof MINERAUX_ROUTE,
  summary: string,
  schema: Parameters<typeof describeRead>[2],
  load: (db: Db, num: string) => Promise<T>,
) {
  articlesRoutes.get(
    route,
    describeRead(summary, 'articles', schema, { 404: ARTICLE_INCONNU }),
    validate('param', ArticleParams),
    validate('query', NumTiersQuery),
    async (c) => {
      const { type, num } = c.req.valid('param')
      await requireActFor(c, c.req.valid('query').numTiers)
      const { db } = c.get('deps')
      await requireArticle(db, type, num)
      return c.json(await load(db, num))
    },
  )
}
readWithArticle(
  SUPPLEMENTATIONS_ROUTE,
  'Supplémentations proposées avec un article',
  Supplementations,
  loadSupplementations,
)
readWithArticle(MINERAUX_ROUTE, 'Minéraux incorporables à un article', Mineraux, loadMineraux)

articlesRoutes.get(
  CONTRAINTES_LIVRAISON_ROUTE,
  describeRead(
    'Contraintes de livraison d’un article à une adresse (délai en jours ouvrés, jours permis)',
    'articles',
    ContraintesLivraison,
    { 404: ARTICLE_INCONNU },
  ),
  validate('param', ArticleParams),
  validate('query', ContraintesLivraisonQuery),
  async (c) => {
    const { type, num } = c.req.valid('param')
    const { numTiers, numAdr } = c.req.valid('query')
    await requireActFor(c, numTiers)
    const { db } = c.get('deps')
    await requireArticle(db, type, num)
    return c.json(await loadContraintesLivraison(db, num, numTiers, numAdr))
  },
)

// The spec's path fixes the type segment to M.
articlesRoutes.get(
  VALIDATION_ADRESSE_ROUTE,
  describeRead(
    'Compatibilité du cahier des charges de l’adresse avec l’article (valid)',
    'articles',
    ValidationAdresse,
    { 404: ARTICLE_INCONNU },
  ),
  validate('param', ValidationAdresseParams),
  async (c) => {
    const { num, numTiers, numAdresse } = c.req.valid('param')
    await requireActFor(c, numTiers)
    const { db } = c.get('deps')
    await requireArticle(db, null, num)
    return c.json(await validateAdresseLivraison(db, num, numTiers, numAdresse))
  },
)

// Staff managing which articles a member may order (cart-orders-admin §2, §7). Registered before
// nothing that could shadow them: these paths have fewer segments than the article reads above.
const DIAGNOSTIC_KO = 'Erreur lors du diagnostic'

articlesRoutes.get(
  ARTICLES_MODIFIABLES_PATH,
  describeRead(
    'Articles non commandables du tiers (recherche, 3 caractères) ou ajoutés manuellement et pas encore commandés',
    'articles',
    ArticlesModifiables,
  ),
  validate('query', ArticlesModifiablesQuery),
  async (c) => {
    requireRole(c, canEditArticles)
    const { numTiers, search, commandable } = c.req.valid('query')
    await requireActFor(c, numTiers)
    const { db } = c.get('deps')
    if (commandable === 'true') return c.json(await addedNotOrdered(db, numTiers))
    if (!search) throw badRequest(MESSAGES.rechercheMin, CODES_ERREUR.RECHERCHE_TROP_COURTE)
    return c.json(await searchNonCommandables(db, numTiers, search))
  },
)

articlesRoutes.patch(
  ARTICLE_ROUTE,
  describeRead('Rend un article commandable ou non pour le tiers (journalisé)', 'articles', ArticleModifiable, {
    404: ARTICLE_INCONNU,
  }),
  validate('param', NumArticleParam),
  validate('query', NumTiersOnlyQuery),
  validate('json', ArticleCommandableBody),
  async (c) => {
    const user = requireRole(c, canEditArticles)
    const { numTiers } = c.req.valid('query')
    await requireActFor(c, numTiers)
    const { num } = c.req.valid('param')
    const { artCommandable } = c.req.valid('json')
    const { db, clock } = c.get('deps')
    if (!(await findArticle(db, num))) throw notFound(ARTICLE_INCONNU, CODES_ERREUR.ARTICLE_INEXISTANT)
    if (!(await tiersExists(db, numTiers))) throw notFound('Tiers inconnu', CODES_ERREUR.TIERS_INEXISTANT)
    const saved = await setCommandable(db, numTiers, num, artCommandable, user.username, clock.now().toJSDate())
    await audit(db, {
      username: user.username,
      numTiers,
      action: 'article-commandable',
      details: { numArticle: num, artCommandable },
    })
    return c.json(saved)
  },
)

articlesRoutes.get(
  DIAGNOSTIC_ROUTE,
  describeRead('Diagnostic brut : pourquoi le tiers peut ou non commander l’article', 'articles', Diagnostic, {
    404: DIAGNOSTIC_KO,
  }),
  validate('param', NumArticleParam),
  validate('query', NumTiersOnlyQuery),
  async (c) => {
    requireRole(c, canEditArticles)
    const { numTiers } = c.req.valid('query')
    await requireActFor(c, numTiers)
    const result = await diagnose(c.get('deps').db, numTiers, c.req.valid('param').num)
    if (!result) throw notFound(DIAGNOSTIC_KO, CODES_ERREUR.ARTICLE_INEXISTANT)
    return c.json(result)
  },
)
