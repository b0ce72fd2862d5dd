// Articles (ordering-area §3 Article), their supplementations and minerals, quantity and
// delivery constraints, and which customer may order which article.
import { boolean, foreignKey, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { instant, tonnes } from './columns'
import { adresses, tiers } from './customers'
import { departements, filieres, presentationsArticles } from './reference'

export const articles = pgTable(
  'articles',
  {
    numArticle: text().primaryKey(),
    libelle: text().notNull(),
    libelleLong: text(),
    /** 'A' aliment, 'M' minéral, 'S' supplémentation, 'GSU' (never in the feed list). */
    codeTypeArticle: text().notNull(),
    /** 'AL' aliment, 'SU'/'AA' supplementation sub-types, 'MI' mineral. */
    codeSousTypeArticle: text(),
    typeAliment: text(),
    codeDepartement: text().references(() => departements.code),
    /** 45xxx poultry feed; 461xx gives a 1-day minimum gap between the two dates. */
    codeFamille: text(),
    /** 47010 with sub-type MI: never orderable. */
    codeCategorie: text(),
    codePresentation: text().references(() => presentationsArticles.code),
    codeFiliere: text().references(() => filieres.code),
    codeUniteArticle: text().notNull().default('T'),
    /** Orderable for every customer unless a per-customer row (articles_commandables) says otherwise. */
    commandableParDefaut: boolean().notNull().default(true),
  },
  (t) => [index().on(t.codeTypeArticle), index().on(t.codeFamille)],
)

/** Supplementations offered with an article (a supplementation is itself an article). */
export const articleSupplementations = pgTable(
  'article_supplementations',
  {
    numArticle: text()
      .notNull()
      .references(() => articles.numArticle, { onDelete: 'cascade' }),
    numArticleSupplementation: text()
      .notNull()
      .references(() => articles.numArticle),
    /** One supplementation per group may be chosen. */
    groupe: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.numArticle, t.numArticleSupplementation] })],
)

/** Minerals that can be incorporated into an article (quantity in % per line). */
export const articleMineraux = pgTable(
  'article_mineraux',
  {
    numArticle: text()
      .notNull()
      .references(() => articles.numArticle, { onDelete: 'cascade' }),
    numArticleMineral: text()
      .notNull()
      .references(() => articles.numArticle),
  },
  (t) => [primaryKey({ columns: [t.numArticle, t.numArticleMineral] })],
)

/** paramsCommande.contraintesArticle; absent → the spec's defaults (0..29 t, mineral 15 %). */
export const articleContraintes = pgTable('article_contraintes', {
  numArticle: text()
    .primaryKey()
    .references(() => articles.numArticle, { onDelete: 'cascade' }),
  quantiteMin: tonnes(),
  quantiteMax: tonnes(),
  /** Percent. */
  quantiteMaxMineral: tonnes(),
})

/**
 * Per-customer orderable flag. Rows with setBy null come from the cooperative's system (what
 * the customer usually buys); rows with setBy were toggled by staff (PATCH /web/v1/articles/{num}).
 * Effective flag: this row if present, else articles.commandableParDefaut; MI + 47010 never.
 */
export const articlesCommandables = pgTable(
  'articles_commandables',
  {
    numTiers: text()
      .notNull()
      .references(() => tiers.numTiers, { onDelete: 'cascade' }),
    numArticle: text()
      .notNull()
      .references(() => articles.numArticle, { onDelete: 'cascade' }),
    artCommandable: boolean().notNull(),
    setBy: text(),
    setAt: instant(),
  },
  (t) => [primaryKey({ columns: [t.numTiers, t.numArticle] }), index().on(t.numArticle)],
)

/** Delivery constraints of an article at one address; absent → no extra delay, Monday–Friday. */
export const contraintesLivraison = pgTable(
  'contraintes_livraison',
  {
    numArticle: text()
      .notNull()
      .references(() => articles.numArticle, { onDelete: 'cascade' }),
    numTiers: text().notNull(),
    numAdr: integer().notNull(),
    delaisMinJoursOuvres: integer().notNull(),
    lundi: boolean().notNull(),
    mardi: boolean().notNull(),
    mercredi: boolean().notNull(),
    jeudi: boolean().notNull(),
    vendredi: boolean().notNull(),
    samedi: boolean().notNull(),
    dimanche: boolean().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.numArticle, t.numTiers, t.numAdr] }),
    foreignKey({ columns: [t.numTiers, t.numAdr], foreignColumns: [adresses.numTiers, adresses.numAdr] }).onDelete(
      'cascade',
    ),
  ],
)

/** validationAdresseLivraison: an address whose specifications exclude the article (valid: false). */
export const incompatibilitesAdresse = pgTable(
  'incompatibilites_adresse',
  {
    numArticle: text()
      .notNull()
      .references(() => articles.numArticle, { onDelete: 'cascade' }),
    numTiers: text().notNull(),
    numAdr: integer().notNull(),
    motif: text(),
  },
  (t) => [
    primaryKey({ columns: [t.numArticle, t.numTiers, t.numAdr] }),
    foreignKey({ columns: [t.numTiers, t.numAdr], foreignColumns: [adresses.numTiers, adresses.numAdr] }).onDelete(
      'cascade',
    ),
  ],
)
