// What one CSV file of the import holds (issue 40): its name, its columns (named with the spec's
// field names) with their cell schemas, its natural key, how rows leave Silo, and example rows.
// The row schema built here is the one that checks every row; docs/import.md is written from
// the same definitions (scripts/import-docs.ts).
import * as v from 'valibot'
import type { Cell } from './cells'

export interface Column {
  cell: Cell
  description: string
}

export interface Kind {
  /** File name in the folder: 'tiers.csv'. */
  fichier: string
  titre: string
  description: string
  /** Columns in the order the documentation and the generator write them. */
  colonnes: Record<string, Column>
  /** The natural key: a file holds each key once; a row whose key Silo holds updates it. */
  cle: readonly string[]
  /** How a row leaves Silo: a state column, or only `--complet`. */
  suppression: string
  /** `--complet` allowed for this file. */
  complet: boolean
  /** Example rows, cells as written in a file (';' separated in the documentation). */
  exemples: ReadonlyArray<readonly string[]>
}

export const kind = (k: Kind): Kind => k

export const col = (cell: Cell, description: string): Column => ({ cell, description })

/** Columns a file must have: the key and every column whose cell cannot be empty. */
export const requiredColumns = (k: Kind): string[] =>
  Object.entries(k.colonnes)
    .filter(([name, c]) => k.cle.includes(name) || !c.cell.optional)
    .map(([name]) => name)

/** The schema of one row of `k` holding `columns` (the file's header, in any order). */
export function rowSchema(k: Kind, columns: readonly string[]) {
  return v.object(Object.fromEntries(columns.map((name) => [name, k.colonnes[name]!.cell.schema])))
}
