// Reference data (ordering-area §3 "Reference data", cart-orders-admin §3): labels and codes the
// client turns into selectors, and the French public holidays of the delivery calendar.
import { boolean, integer, pgTable, serial, text } from 'drizzle-orm/pg-core'
import { day, tonnes } from './columns'

/** Article departments, e.g. '45' Volailles: the feed list is grouped by their label. */
export const departements = pgTable('departements', {
  code: text().primaryKey(),
  libelle: text().notNull(),
})

/** Article presentations: 'VRAC' bulk, 'SAC' bags, 'BB' big bag. */
export const presentationsArticles = pgTable('presentations_articles', {
  code: text().primaryKey(),
  libelle: text().notNull(),
})

/** Species branches (codeFiliere). The building field shows for branch absent, 60 or 67. */
export const filieres = pgTable('filieres', {
  code: text().primaryKey(),
  libelle: text().notNull(),
})

/** Delivery time slots (periodesLivraison): JS, JM, JA, JJ, J1, ID; `ordre` sorts the selector. */
export const periodesLivraison = pgTable('periodes_livraison', {
  code: text().primaryKey(),
  libelle: text().notNull(),
  ordre: integer().notNull(),
})

/** Storage-place types (typesSilo); code 997 is 'Autre' and asks for free text. */
export const typesSilo = pgTable('types_silo', {
  code: text().primaryKey(),
  libelle: text().notNull(),
  /** Part of typesSiloDefault: offered to every building by 'Afficher plus'. */
  parDefaut: boolean().notNull().default(false),
  ordre: integer().notNull().default(0),
})

/**
 * Truck modes. One row per resulting code: the form picks a `libelle`, then the option
 * checkbox (`libelleOption`) picks the small-truck variant, e.g. 'Camion souffleur' → VIS,
 * + 'Petit camion' → VISP. `optionDe` names the code the option modifies.
 */
export const modesCamion = pgTable('modes_camion', {
  code: text().primaryKey(),
  libelle: text().notNull(),
  libelleOption: text(),
  optionDe: text(),
  minQuantite: tonnes(),
  maxQuantite: tonnes(),
  /** Minimum delivery delay in hours (tipper 48, moving floor 72); null when none. */
  delaiMinLivraison: integer(),
  ordre: integer().notNull(),
})

export const joursFeries = pgTable('jours_feries', {
  date: day().primaryKey(),
  libelle: text().notNull(),
})

/** Predefined cart comments (paramsCommande.commentairesPredefinis). */
export const commentairesPredefinis = pgTable('commentaires_predefinis', {
  id: serial().primaryKey(),
  codeTypeSilo: text().references(() => typesSilo.code),
  libelle: text().notNull(),
  ordre: integer().notNull(),
})

/** Contextual help per page key (VALID-PANIER, COMMENTAIRE_PANIER, VALID-COMMANDE, COMMANDE, HISTORIQUE…). */
export const helpTexts = pgTable('help_texts', {
  pageKey: text().primaryKey(),
  texte: text().notNull(),
})
