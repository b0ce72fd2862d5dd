// Customers (tiers), their delivery addresses, payment incidents and payment data
// (ordering-area §3 Customer/Address/Payment incident, cart-orders-admin §3 Payment proposal).
import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, numeric, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core'
import { day } from './columns'

export const tiers = pgTable(
  'tiers',
  {
    numTiers: text().primaryKey(),
    raisonSociale: text().notNull(),
    /** 'ADH' cooperative member, 'CLI' professional client of the subsidiary. */
    typeTiers: text().notNull(),
    /** Selling entity; calls send the entity code 'AGR'. */
    numEntite: text().notNull(),
    email: text(),
    region: text(),
  },
  // hasLots is not stored: it is "this customer has at least one lot" (see lots).
  (t) => [index().on(t.raisonSociale)],
)

export const adresses = pgTable(
  'adresses',
  {
    numTiers: text()
      .notNull()
      .references(() => tiers.numTiers, { onDelete: 'cascade' }),
    numAdr: integer().notNull(),
    /** 'A' active, 'S' suspended (never offered for delivery). */
    etat: text().notNull(),
    adresse1: text(),
    adresse2: text(),
    adresse3: text(),
    codePostal: text().notNull(),
    ville: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.numTiers, t.numAdr] }), check('adresses_etat', sql`${t.etat} in ('A', 'S')`)],
)

export const incidentsPaiement = pgTable(
  'incidents_paiement',
  {
    id: serial().primaryKey(),
    numTiers: text()
      .notNull()
      .references(() => tiers.numTiers, { onDelete: 'cascade' }),
    /** A blocking incident shows the Contentieux dialog and logs the user out. */
    bloquant: boolean().notNull(),
    libelle: text(),
    dateIncident: day().notNull(),
    dateLevee: day(),
  },
  (t) => [index().on(t.numTiers)],
)

/** Payment modes (codeRegt): the catalogue of the cooperative. */
export const modesReglement = pgTable('modes_reglement', {
  codeRegt: text().primaryKey(),
  libelle: text().notNull(),
  /** Discount rate in %, shown read-only. */
  tauxEscompte: numeric({ precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
  /** Due date = delivery start + this many days. */
  delaiEcheanceJours: integer().notNull(),
  /** Whether the mode needs a bank domiciliation (direct debit). */
  avecDomiciliation: boolean().notNull().default(false),
})

/** Which modes a customer may use, and its default one. */
export const reglementsTiers = pgTable(
  'reglements_tiers',
  {
    numTiers: text()
      .notNull()
      .references(() => tiers.numTiers, { onDelete: 'cascade' }),
    codeRegt: text()
      .notNull()
      .references(() => modesReglement.codeRegt),
    parDefaut: boolean().notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.numTiers, t.codeRegt] })],
)

export const domiciliationsBancaires = pgTable(
  'domiciliations_bancaires',
  {
    numDomiciliationBancaire: integer().primaryKey(),
    numTiers: text()
      .notNull()
      .references(() => tiers.numTiers, { onDelete: 'cascade' }),
    numeroCompte: text().notNull(),
    nomBanque: text().notNull(),
  },
  (t) => [index().on(t.numTiers)],
)
