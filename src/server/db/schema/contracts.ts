// Contracts (ordering-area §3 Contract). contratFutur is not stored: dateDebut > today.
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { articles } from './articles'
import { day, tonnes } from './columns'
import { tiers } from './customers'

export const contrats = pgTable(
  'contrats',
  {
    numContrat: text().primaryKey(),
    numTiers: text()
      .notNull()
      .references(() => tiers.numTiers, { onDelete: 'cascade' }),
    /** 'EA' apport; 'TF' terme fixe, 'PR' prix revisable… */
    codeTContrat: text().notNull(),
    numFormule: text(),
    libelleTypecontrat: text().notNull(),
    numArticle: text()
      .notNull()
      .references(() => articles.numArticle),
    dateDebut: day().notNull(),
    dateFin: day().notNull(),
    qteContrat: tonnes().notNull(),
    qteRestante: tonnes().notNull(),
    numLot: text(),
    numBatiment: integer(),
  },
  (t) => [index().on(t.numTiers, t.dateFin)],
)
