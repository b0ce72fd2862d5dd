// Business parameters and the banner (cart-orders-admin §3 "Parameter", "Banner message").
import { index, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core'
import { day, instant } from './columns'

/**
 * A parameter is addressed as /web/v1/parametres/{jeu}/{categorie}/{code}; its full key is
 * prefix-categorie-code (e.g. SAS-HORAIRE_COMMANDE-HEURE_PIVOT). Values are strings as the
 * spec stores them ('10:00:00', 'PT30M', '27'); src/domain parses them.
 */
export const parametres = pgTable(
  'parametres',
  {
    /** Parameter set: 'DEFAULT' (order rules, prefix SAS) or 'CDEA' (application, prefix CDE). */
    jeu: text().notNull(),
    prefix: text().notNull(),
    categorie: text().notNull(),
    code: text().notNull(),
    value: text().notNull(),
    libelle: text(),
    updatedBy: text(),
    updatedAt: instant(),
  },
  (t) => [primaryKey({ columns: [t.jeu, t.categorie, t.code] })],
)

/** Banner messages: current while dateFin is null or ≥ today. */
export const messagesBandeau = pgTable(
  'messages_bandeau',
  {
    id: serial().primaryKey(),
    texte: text().notNull(),
    dateDebut: day().notNull(),
    dateFin: day(),
  },
  (t) => [index().on(t.dateFin)],
)
