// Orders sent from the cart (cart-orders-admin §3 Order, Cart line): header, header comments,
// lines with their supplementations and minerals, and each line's step history.
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  unique,
} from 'drizzle-orm/pg-core'
import { articles } from './articles'
import { day, instant, tonnes } from './columns'
import { tiers } from './customers'
import { modesCamion, periodesLivraison } from './reference'

/** Order steps (cart-orders-admin §4); labels and ranks are in src/domain. */
export const ETAPES = [
  'ENREGISTREE',
  'VALORISEE',
  'PREPAREE',
  'LOGISTIQUE',
  'LIVREE',
  'FACTUREE',
  'SUPPRIMEE',
  'ERREUR',
] as const
export type Etape = (typeof ETAPES)[number]
const etapeCheck = (column: unknown) => sql`${column} in (${sql.raw(ETAPES.map((e) => `'${e}'`).join(', '))})`

export const commandes = pgTable(
  'commandes',
  {
    id: serial().primaryKey(),
    /** Order number shown to the farmer ('Votre commande N°…'). */
    numero: text().notNull().unique(),
    numTiers: text()
      .notNull()
      .references(() => tiers.numTiers),
    date: instant().notNull(),
    /** Who sent it: the farmer, or staff connected as the farmer. */
    username: text(),
    /** Header comment as submitted: checked predefined labels then free text, joined with ', '. */
    commentaire: text(),
  },
  (t) => [index().on(t.numTiers, t.date)],
)

/** The cart header comments as the farmer ticked them (map label → boolean, plus 'libre'). */
export const commandeCommentaires = pgTable('commande_commentaires', {
  commandeId: integer()
    .primaryKey()
    .references(() => commandes.id, { onDelete: 'cascade' }),
  libre: text(),
  predefinis: jsonb().$type<Record<string, boolean>>().notNull().default({}),
})

export const commandeLignes = pgTable(
  'commande_lignes',
  {
    id: serial().primaryKey(),
    commandeId: integer()
      .notNull()
      .references(() => commandes.id, { onDelete: 'cascade' }),
    /** 3-digit zero-padded sequence within the order ('001'). */
    idLigne: text().notNull(),
    /** Current step; the history is in commande_etapes. */
    etape: text().notNull(),
    numArticle: text()
      .notNull()
      .references(() => articles.numArticle),
    libelleArticle: text().notNull(),
    codeTypeArticle: text().notNull(),
    quantiteCommande: tonnes().notNull(),
    codeUniteArticle: text().notNull().default('T'),
    numAdresse: integer(),
    datePrevueLivraison: day().notNull(),
    finDatePrevueLivraison: day().notNull(),
    matinApmidi: text()
      .notNull()
      .references(() => periodesLivraison.code),
    finMatinApmidi: text()
      .notNull()
      .references(() => periodesLivraison.code),
    codeModeCamion: text()
      .notNull()
      .default('VIS')
      .references(() => modesCamion.code),
    codeTypeSilo1: text(),
    codeTypeSilo2: text(),
    codeTypeSilo3: text(),
    melangeDechargement: boolean().notNull().default(false),
    numContrat: text(),
    numLot: text(),
    numBatiment: integer(),
    numExploitation: integer(),
    codeReglement: text(),
    numDomiciliationBancaire: integer(),
    commentaire: text(),
  },
  (t) => [
    unique().on(t.commandeId, t.idLigne),
    index().on(t.numLot, t.numArticle),
    check('commande_lignes_etape', etapeCheck(t.etape)),
  ],
)

export const commandeLigneSupplementations = pgTable(
  'commande_ligne_supplementations',
  {
    ligneId: integer()
      .notNull()
      .references(() => commandeLignes.id, { onDelete: 'cascade' }),
    numArticle: text()
      .notNull()
      .references(() => articles.numArticle),
  },
  (t) => [primaryKey({ columns: [t.ligneId, t.numArticle] })],
)

export const commandeLigneMineraux = pgTable(
  'commande_ligne_mineraux',
  {
    ligneId: integer()
      .notNull()
      .references(() => commandeLignes.id, { onDelete: 'cascade' }),
    numArticle: text()
      .notNull()
      .references(() => articles.numArticle),
    /** Percent of incorporation. */
    quantiteCommande: numeric({ precision: 5, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.ligneId, t.numArticle] })],
)

/** Each step a line went through, with when. */
export const commandeEtapes = pgTable(
  'commande_etapes',
  {
    id: serial().primaryKey(),
    ligneId: integer()
      .notNull()
      .references(() => commandeLignes.id, { onDelete: 'cascade' }),
    etape: text().notNull(),
    at: instant().notNull(),
    /** LIVREE as the ERP reported it (issue 41): tonnes delivered, the day, and the delivery written in the history. */
    quantiteLivree: tonnes(),
    dateLivraison: day(),
    numLivraison: text(),
  },
  (t) => [index().on(t.ligneId), check('commande_etapes_etape', etapeCheck(t.etape))],
)

/** Satisfaction survey after an order (notes 0–5 in half steps). */
export const evaluations = pgTable(
  'evaluations',
  {
    id: serial().primaryKey(),
    numTiers: text()
      .notNull()
      .references(() => tiers.numTiers),
    numeroCommande: text(),
    username: text().notNull(),
    noteGlobale: numeric({ precision: 2, scale: 1, mode: 'number' }).notNull(),
    noteDesign: numeric({ precision: 2, scale: 1, mode: 'number' }),
    noteFluidite: numeric({ precision: 2, scale: 1, mode: 'number' }),
    noteLisibilite: numeric({ precision: 2, scale: 1, mode: 'number' }),
    noteNavigation: numeric({ precision: 2, scale: 1, mode: 'number' }),
    commentaire: text(),
    createdAt: instant().notNull().defaultNow(),
  },
  (t) => [index().on(t.numTiers), check('evaluations_commentaire', sql`char_length(${t.commentaire}) <= 1000`)],
)
