// The tables the per-article reads are answered from (contract/hors-connexion's TablesArticles):
// the member's snapshot carries them whole, and the per-article routes (supplementations, mineraux,
// contraintes-livraison, validation-adresse, parametres-commande?numArticle) read the rows of one
// article and answer through the same rules (src/domain/hors-connexion), so the server's answer and
// the one the browser derives offline from the snapshot are the same by construction.
import { and, eq, inArray } from 'drizzle-orm'
import type { TablesArticles } from '../../contract/hors-connexion'
import type { Db } from '../db/client'
import { readAll } from '../db/reads'
import {
  articleContraintes,
  articleMineraux,
  articles,
  articleSupplementations,
  contraintesLivraison,
  incompatibilitesAdresse,
} from '../db/schema'
import { cachedReference } from './reference-cache'

/** Which tables to read: all of them for a snapshot, one for a per-article route. */
export type PartieTables = 'supplementations' | 'mineraux' | 'contraintesArticle' | 'adresses'
const TOUTES: readonly PartieTables[] = ['supplementations', 'mineraux', 'contraintesArticle', 'adresses']

const none = <T>(): Promise<T[]> => Promise.resolve([])

/**
 * The tables of the per-article reads for these articles: their supplements, minerals and bounds
 * (reference data), the articles these cite, and, when a member is named, the delivery constraints
 * and the address incompatibilities of that member's addresses (`parties`: only those tables).
 * Rows in no particular order: the rules of src/domain/hors-connexion sort what they answer.
 */
export async function loadTablesArticles(
  db: Db,
  numArticles: readonly string[],
  numTiers: string | null,
  parties: readonly PartieTables[] = TOUTES,
): Promise<TablesArticles> {
  const with_ = (p: PartieTables) => parties.includes(p)

  const nums = [...new Set(numArticles)]
  if (nums.length === 0)
    return {
      cites: [],
      supplementations: [],
      mineraux: [],
      contraintesArticle: [],
      contraintesLivraison: [],
      incompatibilites: [],
    }
  const [supplementations, mineraux, bornes, contraintes, incompatibilites] = await readAll(db, [
    () =>
      !with_('supplementations')
        ? none<{ numArticle: string; numArticleSupplementation: string; groupe: string }>()
        : db
            .select({
              numArticle: articleSupplementations.numArticle,
              numArticleSupplementation: articleSupplementations.numArticleSupplementation,
              groupe: articleSupplementations.groupe,
            })
            .from(articleSupplementations)
            .where(inArray(articleSupplementations.numArticle, nums)),
    () =>
      !with_('mineraux')
        ? none<{ numArticle: string; numArticleMineral: string }>()
        : db
            .select({ numArticle: articleMineraux.numArticle, numArticleMineral: articleMineraux.numArticleMineral })
            .from(articleMineraux)
            .where(inArray(articleMineraux.numArticle, nums)),
    () =>
      !with_('contraintesArticle')
        ? none<typeof articleContraintes.$inferSelect>()
        : db.select().from(articleContraintes).where(inArray(articleContraintes.numArticle, nums)),
    () =>
      numTiers === null || !with_('adresses')
        ? none<typeof contraintesLivraison.$inferSelect>()
        : db
            .select()
            .from(contraintesLivraison)
            .where(and(eq(contraintesLivraison.numTiers, numTiers), inArray(contraintesLivraison.numArticle, nums))),
    () =>
      numTiers === null || !with_('adresses')
        ? none<typeof incompatibilitesAdresse.$inferSelect>()
        : db
            .select()
            .from(incompatibilitesAdresse)
            .where(
              and(eq(incompatibilitesAdresse.numTiers, numTiers), inArray(incompatibilitesAdresse.numArticle, nums)),
            ),
  ])
  const cited = [
    ...new Set([
      ...supplementations.map((s) => s.numArticleSupplementation),
      ...mineraux.map((m) => m.numArticleMineral),
    ]),
  ]
  const cites = cited.length
    ? await db
        .select({
          numArticle: articles.numArticle,
          libelle: articles.libelle,
          libelleLong: articles.libelleLong,
          codeTypeArticle: articles.codeTypeArticle,
          codeSousTypeArticle: articles.codeSousTypeArticle,
        })
        .from(articles)
        .where(inArray(articles.numArticle, cited))
    : []
  return {
    cites,
    supplementations,
    mineraux,
    contraintesArticle: bornes.map((b) => ({
      numArticle: b.numArticle,
      quantiteMin: b.quantiteMin,
      quantiteMax: b.quantiteMax,
      quantiteMaxMineral: b.quantiteMaxMineral,
    })),
    contraintesLivraison: contraintes.map(({ numTiers: _t, ...c }) => c),
    incompatibilites: incompatibilites.map(({ numTiers: _t, ...c }) => c),
  }
}

export interface TablesReference {
  supplementations: TablesArticles['supplementations']
  mineraux: TablesArticles['mineraux']
  contraintesArticle: TablesArticles['contraintesArticle']
  articles: Map<string, TablesArticles['cites'][number]>
}

/** The reference half of the tables, whole: a few thousand rows, the same for every member. */
async function loadTablesReference(db: Db): Promise<TablesReference> {
  const [supplementations, mineraux, bornes, cites] = await readAll(db, [
    () =>
      db
        .select({
          numArticle: articleSupplementations.numArticle,
          numArticleSupplementation: articleSupplementations.numArticleSupplementation,
          groupe: articleSupplementations.groupe,
        })
        .from(articleSupplementations),
    () =>
      db
        .select({ numArticle: articleMineraux.numArticle, numArticleMineral: articleMineraux.numArticleMineral })
        .from(articleMineraux),
    () => db.select().from(articleContraintes),
    () =>
      db
        .select({
          numArticle: articles.numArticle,
          libelle: articles.libelle,
          libelleLong: articles.libelleLong,
          codeTypeArticle: articles.codeTypeArticle,
          codeSousTypeArticle: articles.codeSousTypeArticle,
        })
        .from(articles),
  ])
  return {
    supplementations,
    mineraux,
    contraintesArticle: bornes.map((b) => ({
      numArticle: b.numArticle,
      quantiteMin: b.quantiteMin,
      quantiteMax: b.quantiteMax,
      quantiteMaxMineral: b.quantiteMaxMineral,
    })),
    articles: new Map(cites.map((c) => [c.numArticle, c])),
  }
}

/** The reference half of the tables, read whole once per global version (versions_hors_connexion
 * '*', which every write to those tables moves) and kept in memory; read on the pool. */
export const tablesReferenceEnMemoire = (db: Db, versionGlobale: number): Promise<TablesReference> =>
  cachedReference(db, `hc:tables-articles:${versionGlobale}`, () => loadTablesReference(db), versionGlobale)

/**
 * The same tables as loadTablesArticles, for a member's snapshot: the reference half
 * (tablesReferenceEnMemoire) filtered to the member's articles, and the member's half by two
 * queries on the member's rows.
 */
export async function loadTablesDuMembre(
  db: Db,
  numArticles: readonly string[],
  numTiers: string,
  ref: TablesReference,
): Promise<TablesArticles> {
  const nums = new Set(numArticles)
  const [contraintes, incompatibilites] = await readAll(db, [
    () => db.select().from(contraintesLivraison).where(eq(contraintesLivraison.numTiers, numTiers)),
    () => db.select().from(incompatibilitesAdresse).where(eq(incompatibilitesAdresse.numTiers, numTiers)),
  ])
  const supplementations = ref.supplementations.filter((s) => nums.has(s.numArticle))
  const mineraux = ref.mineraux.filter((m) => nums.has(m.numArticle))
  const cited = new Set([
    ...supplementations.map((s) => s.numArticleSupplementation),
    ...mineraux.map((m) => m.numArticleMineral),
  ])
  return {
    cites: [...cited].flatMap((n) => ref.articles.get(n) ?? []),
    supplementations,
    mineraux,
    contraintesArticle: ref.contraintesArticle.filter((c) => nums.has(c.numArticle)),
    contraintesLivraison: contraintes.filter((c) => nums.has(c.numArticle)).map(({ numTiers: _t, ...c }) => c),
    incompatibilites: incompatibilites.filter((c) => nums.has(c.numArticle)).map(({ numTiers: _t, ...c }) => c),
  }
}
