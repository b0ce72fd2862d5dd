// The version of each member's snapshot for no signal (issue 50, contract/hors-connexion): one row
// per member that changed, and the row '*' for what every member's snapshot holds (reference data,
// parameters, the banner, an import). Kept by the statement triggers of migration 0008 (one upsert
// per statement, from its transition tables), so a bulk write costs one statement, not one per
// row, and every instance reads the same value. The ETag is "<global>-<member>-<Paris day>".
import { bigint, pgSequence, pgTable, text } from 'drizzle-orm/pg-core'

export const VERSION_GLOBALE = '*'

export const versionsHorsConnexionSeq = pgSequence('versions_hors_connexion_seq')

export const versionsHorsConnexion = pgTable('versions_hors_connexion', {
  numTiers: text().primaryKey(),
  version: bigint({ mode: 'number' }).notNull(),
})
