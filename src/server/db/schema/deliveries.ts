// Delivery history (ordering-area §3 "Delivery history line"): a delivery and its lines. The
// line's artCommandable and codeFamilleArticle come from the article, not stored twice.
import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { articles } from './articles'
import { day, tonnes } from './columns'
import { tiers } from './customers'

export const livraisons = pgTable(
  'livraisons',
  {
    numLivraison: text().primaryKey(),
    numTiers: text()
      .notNull()
      .references(() => tiers.numTiers, { onDelete: 'cascade' }),
    dateEffectiveLivraison: day().notNull(),
    codeModeCamion: text(),
  },
  (t) => [index().on(t.numTiers, t.dateEffectiveLivraison)],
)

export const livraisonLignes = pgTable(
  'livraison_lignes',
  {
    numLivraison: text()
      .notNull()
      .references(() => livraisons.numLivraison, { onDelete: 'cascade' }),
    numLigne: integer().notNull(),
    numArticle: text()
      .notNull()
      .references(() => articles.numArticle),
    quantiteLivree: tonnes().notNull(),
    /** Null for a few old lines: such a line cannot be duplicated (ordering-area §2). */
    numAdresse: integer(),
    numExploitation: integer(),
    numBatiment: integer(),
    numLot: text(),
    numCommande: text(),
  },
  (t) => [primaryKey({ columns: [t.numLivraison, t.numLigne] })],
)
