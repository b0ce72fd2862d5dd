// Articles for one customer and what the order-line form needs about one of them (ordering-area
// §3 Article, §5 delivery address, §7 calls).
import { and, asc, eq } from 'drizzle-orm'
import type {
  Article,
  ContraintesLivraison,
  Mineral,
  Supplementation,
  ValidationAdresse,
} from '../../contract/articles'
import { isOrderableArticle } from '../../domain/articles'
import type { Db } from '../db/client'
import {
  contraintesLivraisonDe,
  minerauxDe,
  supplementationsDe,
  validationAdresseDe,
} from '../../domain/hors-connexion'
import { articles, articlesCommandables } from '../db/schema'
import { cachedReference } from './reference-cache'
import { effectiveOrderable } from './orderable'
import { loadTablesArticles } from './tables-articles'

const commandable = (a: typeof articles.$inferSelect, artCommandable: unknown): Article => ({
  numArticle: a.numArticle,
  libelle: a.libelle,
  libelleLong: a.libelleLong,
  codeTypeArticle: a.codeTypeArticle,
  codeSousTypeArticle: a.codeSousTypeArticle,
  typeAliment: a.typeAliment,
  codeDepartement: a.codeDepartement,
  codeFamille: a.codeFamille,
  codeCategorie: a.codeCategorie,
  codePresentation: a.codePresentation,
  codeFiliere: a.codeFiliere,
  codeUniteArticle: a.codeUniteArticle,
  artCommandable: Boolean(artCommandable),
})

/** The articles this customer may order (the spec's exclusions applied). */
export async function loadArticlesCommandables(db: Db, numTiers: string): Promise<Article[]> {
  const rows = await db
    .select({ a: articles, artCommandable: effectiveOrderable(numTiers) })
    .from(articles)
    .orderBy(asc(articles.codeDepartement), asc(articles.libelle))
  return rows
    .map(({ a, artCommandable }) => commandable(a, artCommandable))
    .filter((a) => a.artCommandable && isOrderableArticle(a))
}

/** The catalogue as a member's snapshot reads it: every article, in the list's order. */
export type Catalogue = (typeof articles.$inferSelect)[]

/** The catalogue read once per global version (every write to articles moves it) and kept in
 * memory; read on the pool, its copy outliving the request. */
export const catalogueEnMemoire = (db: Db, versionGlobale: number): Promise<Catalogue> =>
  cachedReference(
    db,
    `hc:catalogue:${versionGlobale}`,
    () => db.select().from(articles).orderBy(asc(articles.codeDepartement), asc(articles.libelle)),
    versionGlobale,
  )

/**
 * The same list for a member's snapshot (issue 50): the catalogue (catalogueEnMemoire), with the
 * member's own rows (their switches, a few dozen) read each time and the same rule (the member's
 * row, else the article's default).
 */
export async function loadArticlesCommandablesDuMembre(
  db: Db,
  numTiers: string,
  catalogue: Catalogue,
): Promise<Article[]> {
  const own = await db
    .select({ numArticle: articlesCommandables.numArticle, artCommandable: articlesCommandables.artCommandable })
    .from(articlesCommandables)
    .where(eq(articlesCommandables.numTiers, numTiers))
  const flags = new Map(own.map((r) => [r.numArticle, r.artCommandable]))
  return catalogue
    .map((a) => commandable(a, flags.get(a.numArticle) ?? a.commandableParDefaut))
    .filter((a) => a.artCommandable && isOrderableArticle(a))
}

export async function articleExists(db: Db, codeTypeArticle: string | null, numArticle: string): Promise<boolean> {
  const [row] = await db
    .select({ n: articles.numArticle })
    .from(articles)
    .where(
      codeTypeArticle
        ? and(eq(articles.numArticle, numArticle), eq(articles.codeTypeArticle, codeTypeArticle))
        : eq(articles.numArticle, numArticle),
    )
    .limit(1)
  return Boolean(row)
}

// The per-article reads: one article's rows of the snapshot's tables, answered by the rules the
// browser applies to the snapshot offline (src/domain/hors-connexion).
export const loadSupplementations = async (db: Db, numArticle: string): Promise<Supplementation[]> =>
  supplementationsDe(await loadTablesArticles(db, [numArticle], null, ['supplementations']), numArticle)

export const loadMineraux = async (db: Db, numArticle: string): Promise<Mineral[]> =>
  minerauxDe(await loadTablesArticles(db, [numArticle], null, ['mineraux']), numArticle)

export async function loadContraintesLivraison(
  db: Db,
  numArticle: string,
  numTiers: string,
  numAdr: number,
): Promise<ContraintesLivraison> {
  return contraintesLivraisonDe(await loadTablesArticles(db, [numArticle], numTiers, ['adresses']), numArticle, numAdr)
}

/** Whether the address's specifications (cahier des charges) allow the article. */
export async function validateAdresseLivraison(
  db: Db,
  numArticle: string,
  numTiers: string,
  numAdr: number,
): Promise<ValidationAdresse> {
  return validationAdresseDe(await loadTablesArticles(db, [numArticle], numTiers, ['adresses']), numArticle, numAdr)
}
