// Articles and what the order-line form needs about one (ordering-area §3 Article, §7 calls).
import * as v from 'valibot'
import { NumArticleQuery, NumTiers } from './common'
import { fill } from './paths'

export const ARTICLES_PATH = '/web/v1/articles'
export const SUPPLEMENTATIONS_ROUTE = '/web/v1/articles/:type/:num/supplementations'
export const MINERAUX_ROUTE = '/web/v1/articles/:type/:num/mineraux'
export const CONTRAINTES_LIVRAISON_ROUTE = '/web/v1/articles/:type/:num/contraintes-livraison'
export const VALIDATION_ADRESSE_ROUTE = '/web/v1/articles/M/:num/validationAdresseLivraison/:numTiers/:numAdresse'
export const supplementationsPath = (type: string, num: string) => fill(SUPPLEMENTATIONS_ROUTE, { type, num })
export const minerauxPath = (type: string, num: string) => fill(MINERAUX_ROUTE, { type, num })
export const contraintesLivraisonPath = (type: string, num: string) => fill(CONTRAINTES_LIVRAISON_ROUTE, { type, num })
export const validationAdressePath = (num: string, numTiers: string, numAdresse: number | string) =>
  fill(VALIDATION_ADRESSE_ROUTE, { num, numTiers, numAdresse })

export const ArticlesQuery = v.object({ commandablesByTiers: NumTiers })
export const NumTiersQuery = v.object({ numTiers: NumTiers })
export const ContraintesLivraisonQuery = v.object({
  numTiers: NumTiers,
  numAdr: v.pipe(v.string(), v.regex(/^\d{1,6}$/, "Numéro d'adresse invalide"), v.transform(Number)),
})
export const ArticleParams = v.object({
  type: v.pipe(v.string(), v.regex(/^[A-Z]{1,4}$/, "Type d'article invalide")),
  num: NumArticleQuery,
})
export const ValidationAdresseParams = v.object({
  num: NumArticleQuery,
  numTiers: NumTiers,
  numAdresse: v.pipe(v.string(), v.regex(/^\d{1,6}$/, "Numéro d'adresse invalide"), v.transform(Number)),
})

export const Article = v.object({
  numArticle: v.string(),
  libelle: v.string(),
  libelleLong: v.nullable(v.string()),
  codeTypeArticle: v.string(),
  codeSousTypeArticle: v.nullable(v.string()),
  typeAliment: v.nullable(v.string()),
  codeDepartement: v.nullable(v.string()),
  codeFamille: v.nullable(v.string()),
  codeCategorie: v.nullable(v.string()),
  codePresentation: v.nullable(v.string()),
  codeFiliere: v.nullable(v.string()),
  codeUniteArticle: v.string(),
  artCommandable: v.boolean(),
})
export type Article = v.InferOutput<typeof Article>
export const Articles = v.array(Article)

export const Supplementation = v.object({
  numArticle: v.string(),
  libelleArticle: v.string(),
  libelleLong: v.nullable(v.string()),
  codeSousTypeArticle: v.nullable(v.string()),
  /** One supplementation per group. */
  groupe: v.string(),
})
export type Supplementation = v.InferOutput<typeof Supplementation>
export const Supplementations = v.array(Supplementation)

export const Mineral = v.object({
  numArticle: v.string(),
  libelleArticle: v.string(),
  codeTypeArticle: v.string(),
})
export type Mineral = v.InferOutput<typeof Mineral>
export const Mineraux = v.array(Mineral)

/** Per article and address; absent → no extra delay, Monday to Friday. */
export const ContraintesLivraison = v.object({
  delaisMinJoursOuvres: v.number(),
  lundi: v.boolean(),
  mardi: v.boolean(),
  mercredi: v.boolean(),
  jeudi: v.boolean(),
  vendredi: v.boolean(),
  samedi: v.boolean(),
  dimanche: v.boolean(),
})
export type ContraintesLivraison = v.InferOutput<typeof ContraintesLivraison>

export const ValidationAdresse = v.object({ valid: v.boolean(), motif: v.nullable(v.string()) })
export type ValidationAdresse = v.InferOutput<typeof ValidationAdresse>
