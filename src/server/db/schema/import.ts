// What the import remembers of the files it merged (issue 49): a file whose bytes are those it
// merged last time, into tables nobody wrote since, would change nothing: it is not read again
// (src/server/import/fingerprints.ts). `import_ecritures` is kept by the statement triggers of
// migration 0010: one row per watched table and transaction that updated or deleted its rows (an
// order, a staff edit, the ERP, a restore, a hand-written UPDATE, the import's own cascades), or
// inserted some where a file was merged with --complet.
import { bigint, boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

export const importEmpreintes = pgTable('import_empreintes', {
  fichier: text().primaryKey(),
  /** SHA-256 of the file's bytes, hexadecimal. */
  sha256: text().notNull(),
  /** What read the file: the kinds' format (a Silo that reads files otherwise reads them again). */
  format: text().notNull(),
  lignes: integer().notNull(),
  /** Merged with --complet (rows absent from it removed): only then may a --complet import skip it. */
  complet: boolean().notNull(),
  importeLe: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

/** The tables of the files the import has seen: only their writes are noted. */
export const importTablesSuivies = pgTable('import_tables_suivies', {
  nomTable: text().primaryKey(),
  /** Inserts noted too: the table's file was last imported with --complet. */
  insertions: boolean().notNull(),
})

export const importEcritures = pgTable(
  'import_ecritures',
  {
    nomTable: text().notNull(),
    /** txid_current() of the transaction that wrote: one row per transaction, so writers never wait on each other here. */
    transaction: bigint({ mode: 'number' }).notNull(),
    insertion: boolean().notNull(),
  },
  (t) => [primaryKey({ columns: [t.nomTable, t.transaction, t.insertion] })],
)
