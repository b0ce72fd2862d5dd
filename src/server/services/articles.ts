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
  articleMineraux,
  articles,
  articleSupplementations,
  contraintesLivraison,
  incompatibilitesAdresse,
} from '../db/schema'
import { alias } from 'drizzle-orm/pg-core'
import { effectiveOrderable } from './orderable'

/** The articles this customer may order (the spec's exclusions applied). */
export async function loadArticlesCommandables(db: Db, numTiers: string): Promise<Article[]> {
  const rows = await db
    .select({ a: articles, artCommandable: effectiveOrderable(numTiers) })
    .from(articles)
    .orderBy(asc(articles.codeDepartement), asc(articles.libelle))
  return rows
    .map(({ a, artCommandable }) => ({
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
    }))
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

const offered = alias(articles, 'offered')

export async function loadSupplementations(db: Db, numArticle: string): Promise<Supplementation[]> {
  const rows = await db
    .select({ s: offered, groupe: articleSupplementations.groupe })
    .from(articleSupplementations)
    .innerJoin(offered, eq(offered.numArticle, articleSupplementations.numArticleSupplementation))
    .where(eq(articleSupplementations.numArticle, numArticle))
    .orderBy(asc(articleSupplementations.groupe), asc(offered.libelle))
  return rows.map(({ s, groupe }) => ({
    numArticle: s.numArticle,
    libelleArticle: s.libelle,
    libelleLong: s.libelleLong ?? s.libelle,
    codeSousTypeArticle: s.codeSousTypeArticle,
    groupe,
  }))
}

export async function loadMineraux(db: Db, numArticle: string): Promise<Mineral[]> {
  const rows = await db
    .select({ m: offered })
    .from(articleMineraux)
    .innerJoin(offered, eq(offered.numArticle, articleMineraux.numArticleMineral))
    .where(eq(articleMineraux.numArticle, numArticle))
    .orderBy(asc(offered.libelle))
  return rows.map(({ m }) => ({
    numArticle: m.numArticle,
    libelleArticle: m.libelle,
    codeTypeArticle: m.codeTypeArticle,
  }))
}

/** No row: no extra delay, Monday to Friday (the business-day rule removes the weekend anyway). */
const DEFAULT_CONTRAINTES: ContraintesLivraison = {
  delaisMinJoursOuvres: 0,
  lundi: true,
  mardi: true,
  mercredi: true,
  jeudi: true,
  vendredi: true,
  samedi: false,
  dimanche: false,
}

export async function loadContraintesLivraison(
  db: Db,
  numArticle: string,
  numTiers: string,
  numAdr: number,
): Promise<ContraintesLivraison> {
  const [row] = await db
    .select()
    .from(contraintesLivraison)
    .where(
      and(
        eq(contraintesLivraison.numArticle, numArticle),
        eq(contraintesLivraison.numTiers, numTiers),
        eq(contraintesLivraison.numAdr, numAdr),
      ),
    )
    .limit(1)
  if (!row) return DEFAULT_CONTRAINTES
  const { numArticle: _a, numTiers: _t, numAdr: _n, ...c } = row
  return c
}

/** Whether the address's specifications (cahier des charges) allow the article. */
export async function validateAdresseLivraison(
  db: Db,
  numArticle: string,
  numTiers: string,
  numAdr: number,
): Promise<ValidationAdresse> {
  const [row] = await db
    .select({ motif: incompatibilitesAdresse.motif })
    .from(incompatibilitesAdresse)
    .where(
      and(
        eq(incompatibilitesAdresse.numArticle, numArticle),
        eq(incompatibilitesAdresse.numTiers, numTiers),
        eq(incompatibilitesAdresse.numAdr, numAdr),
      ),
    )
    .limit(1)
  return row ? { valid: false, motif: row.motif } : { valid: true, motif: null }
}
