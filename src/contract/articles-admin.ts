// Orderable-article management for one member (cart-orders-admin §2 "Editable orderable
// articles", §3 Modifiable article, §7): role COM_ALI_ECRITURE_ARTICLE.
import * as v from 'valibot'
import { RECHERCHE_MIN_CARACTERES, WIRE_MESSAGES as MESSAGES } from './limits'
import { NumArticleQuery, NumTiers } from './common'
import { fill } from './paths'

export const ARTICLES_MODIFIABLES_PATH = '/web/v1/articles/modifiables'
export const ARTICLE_ROUTE = '/web/v1/articles/:num'
export const articlePatchPath = (num: string) => fill(ARTICLE_ROUTE, { num })
export const DIAGNOSTIC_ROUTE = '/web/v1/articles/:num/diagnostic'
export const diagnosticPath = (num: string) => fill(DIAGNOSTIC_ROUTE, { num })

const Search = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(RECHERCHE_MIN_CARACTERES, MESSAGES.rechercheMin),
  v.maxLength(60, 'Recherche trop longue (60 caractères au plus)'),
)

/** commandable=false: the articles the member may not order (search required); true: those staff added and not yet ordered. */
export const ArticlesModifiablesQuery = v.object({
  numTiers: NumTiers,
  search: v.optional(Search),
  commandable: v.picklist(['true', 'false'], 'commandable vaut true ou false'),
})

export const ArticleModifiable = v.object({ numArticle: v.string(), libelle: v.string(), artCommandable: v.boolean() })
export type ArticleModifiable = v.InferOutput<typeof ArticleModifiable>
export const ArticlesModifiables = v.array(ArticleModifiable)

export const NumArticleParam = v.object({
  num: NumArticleQuery,
})
export const NumTiersOnlyQuery = v.object({ numTiers: NumTiers })
export const ArticleCommandableBody = v.object({
  artCommandable: v.boolean('artCommandable doit valoir true ou false'),
})

/** The raw diagnostic: every fact that decides whether the member may order the article. */
export const Diagnostic = v.record(v.string(), v.unknown())
export type Diagnostic = v.InferOutput<typeof Diagnostic>
