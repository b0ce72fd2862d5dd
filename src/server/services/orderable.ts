// The effective "may this customer order this article" flag (ordering-area §3 artCommandable):
// the customer's own row when there is one (from the cooperative's system or set by staff), else
// the article's default; src/domain's isOrderableArticle then applies the spec's exclusions.
import { and, eq, sql, type SQL } from 'drizzle-orm'
import { isOrderableArticle } from '../../domain/articles'
import { articles, articlesCommandables } from '../db/schema'

export const effectiveOrderable = (numTiers: string): SQL<boolean> =>
  sql<boolean>`coalesce((select ${articlesCommandables.artCommandable} from ${articlesCommandables}
    where ${and(eq(articlesCommandables.numTiers, numTiers), eq(articlesCommandables.numArticle, articles.numArticle))}), ${articles.commandableParDefaut})`

/**
 * The same flag for a query over many rows (the delivery lines of a history window): the
 * customer's own rows left-joined once on their primary key, instead of the subquery above that
 * PostgreSQL runs once per row. Use both: `.leftJoin(articlesCommandables, orderableJoin(numTiers))`
 * and `joinedOrderable` in the select.
 */
export const orderableJoin = (numTiers: string): SQL | undefined =>
  and(eq(articlesCommandables.numTiers, numTiers), eq(articlesCommandables.numArticle, articles.numArticle))
export const joinedOrderable: SQL<boolean> = sql<boolean>`coalesce(${articlesCommandables.artCommandable}, ${articles.commandableParDefaut})`

/** The flag read with effectiveOrderable, then the spec's exclusions: one call, as every reader needs. */
export const orderableFor = (article: Parameters<typeof isOrderableArticle>[0], flag: unknown): boolean =>
  isOrderableArticle({ ...article, artCommandable: Boolean(flag) })
