// Where the rows of one kind of file go (issue 40): the table, how the file's natural keys map to
// the table's rows (ids are found in SQL, never in the import's memory), what each row points to,
// and what protects a row from removal. The merge (merge.ts) and the checks (checks.ts) are
// written from these descriptions.

interface ListChild {
  /** The file's list column ('typesSilo'). */
  column: string
  table: string
  /** Child column holding the parent's id, and the one holding each element. */
  parent: string
  element: string
}

export interface Reference {
  /** Columns of this file, matched in order to the key columns of `to`. */
  columns: string[]
  /** The file referred to ('tiers.csv'): its rows in the folder, or in Silo. */
  to: string
  /** The referred key's columns in `to` (default: its natural key). */
  key?: string[]
  /** The column holds a list of codes ('001|002'): each one must exist. */
  list?: boolean
  /** What is missing, in French: 'tiers inconnu'. */
  label: string
}

export interface Target {
  fichier: string
  table: string
  /** File columns not stored as a column of the same (snake_case) name: renamed, or null (derived or a list). */
  rename?: Record<string, string | null>
  /** Joins from the staging table `s` to rows the target row needs (its parent's id…). */
  joins?: string
  /** Target columns computed in SQL, always written: column → expression over `s` and the joins. */
  derived?: Record<string, string>
  /** A unique constraint on the natural key: its target columns (INSERT … ON CONFLICT). */
  conflict?: string[]
  /** No unique constraint: the target columns that identify a row (UPDATE then INSERT … WHERE NOT EXISTS). */
  match?: string[]
  /** Set when an existing row is updated (articles_commandables: no longer a staff member's choice). */
  onUpdate?: Record<string, string>
  /** The target row's id, for list children: joins from `s` (after `joins`) to the row, its id there, and its column. */
  row?: { joins: string; id: string; column: string }
  children?: ListChild[]
  /** The natural key of every row Silo holds, as the file names its columns, plus `_ctid`. */
  existing: string
  refs: Reference[]
  /** Who still cites a row about to be removed (`--complet`), beyond foreign keys: SQL over `d`, the row. */
  protect?: Array<{ sql: string; label: string }>
}

export const snake = (name: string) => name.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`)

/** `select t.a as "a", … , t.ctid as _ctid from table t`: the existing rows of a one-table kind. */
export const existingOf = (table: string, keys: string[]) =>
  `select ${keys.map((k) => `t.${snake(k)} as "${k}"`).join(', ')}, t.ctid as _ctid from ${table} t`

/** Order lines citing a removed row (no foreign key there: a line keeps its address number…). */
export const citedByOrderLines = (where: string, label: string) => ({
  sql: `select c.numero from commande_lignes l join commandes c on c.id = l.commande_id where ${where}`,
  label,
})

/** A column's name quoted for SQL (the files' names are camelCase: "numTiers"). */
export const q = (name: string) => `"${name}"`
