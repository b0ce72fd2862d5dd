// Farms: exploitations, buildings with their storage places, poultry lots and their feeding
// plans (ordering-area §3 Building, Lot, Feeding plan, Plan article).
import { boolean, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core'
import { articles } from './articles'
import { day, tonnes } from './columns'
import { tiers } from './customers'
import { filieres, typesSilo } from './reference'

export const exploitations = pgTable(
  'exploitations',
  {
    numExploitation: integer().primaryKey(),
    numTiers: text()
      .notNull()
      .references(() => tiers.numTiers, { onDelete: 'cascade' }),
    libelle: text().notNull(),
  },
  (t) => [index().on(t.numTiers)],
)

export const batiments = pgTable(
  'batiments',
  {
    numBatiment: integer().primaryKey(),
    numExploitation: integer()
      .notNull()
      .references(() => exploitations.numExploitation, { onDelete: 'cascade' }),
    /** Denormalised owner: every /tiers/{numTiers}/batiments call filters on it. */
    numTiers: text()
      .notNull()
      .references(() => tiers.numTiers, { onDelete: 'cascade' }),
    libelle: text().notNull(),
    codeFiliere: text().references(() => filieres.code),
  },
  (t) => [index().on(t.numTiers)],
)

/** The storage places (silo types) of a building: a line's places must be among them. */
export const batimentTypesSilo = pgTable(
  'batiment_types_silo',
  {
    numBatiment: integer()
      .notNull()
      .references(() => batiments.numBatiment, { onDelete: 'cascade' }),
    codeTypeSilo: text()
      .notNull()
      .references(() => typesSilo.code),
  },
  (t) => [primaryKey({ columns: [t.numBatiment, t.codeTypeSilo] })],
)

/**
 * Poultry lots: numLot prefix OL laying, VL meat. Ordered quantities per article are not stored:
 * they are the sum of the lot's order lines (not SUPPRIMEE / ERREUR), so they cannot drift.
 */
export const lots = pgTable(
  'lots',
  {
    numLot: text().primaryKey(),
    numTiers: text()
      .notNull()
      .references(() => tiers.numTiers, { onDelete: 'cascade' }),
    numExploitation: integer()
      .notNull()
      .references(() => exploitations.numExploitation),
    numBatiment: integer()
      .notNull()
      .references(() => batiments.numBatiment),
    /** Placement date (mise en place): animal age 0. */
    dateMep: day().notNull(),
    nbAnimaux: integer().notNull(),
    codeFiliere: text().references(() => filieres.code),
  },
  (t) => [index().on(t.numTiers)],
)

export const plansAlimentation = pgTable(
  'plans_alimentation',
  {
    id: serial().primaryKey(),
    numLot: text()
      .notNull()
      .references(() => lots.numLot, { onDelete: 'cascade' }),
    libelle: text().notNull(),
    principal: boolean().notNull(),
    /** Orderable only when started and not ended. */
    dateDebut: day().notNull(),
    dateFin: day().notNull(),
  },
  (t) => [index().on(t.numLot)],
)

export const tranches = pgTable(
  'tranches',
  {
    id: serial().primaryKey(),
    planId: integer()
      .notNull()
      .references(() => plansAlimentation.id, { onDelete: 'cascade' }),
    ordre: integer().notNull(),
    /** Animal age in days. */
    ageMini: integer().notNull(),
    ageMaxi: integer().notNull(),
    /** kg per animal; orderable tonnes = quantite × nbAnimaux / 1000. */
    quantite: tonnes().notNull(),
  },
  (t) => [index().on(t.planId)],
)

export const trancheArticles = pgTable(
  'tranche_articles',
  {
    trancheId: integer()
      .notNull()
      .references(() => tranches.id, { onDelete: 'cascade' }),
    numArticle: text()
      .notNull()
      .references(() => articles.numArticle),
  },
  (t) => [primaryKey({ columns: [t.trancheId, t.numArticle] })],
)
