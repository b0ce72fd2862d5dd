// A table of Silo that holds nothing yet (a cooperative's first import) gets a file's rows by one
// COPY: their text, in the table's own columns, is written to a file of the import's while the CSV
// file is read and checked (stage.ts), and the merging session sends that file to COPY … FROM STDIN
// once the rows are checked (merge.ts). The staging session then never reads them out again: on a
// first import of the synthetic cooperative, its `COPY (SELECT …) TO STDOUT` of those tables cost
// 5.6 s of PostgreSQL's CPU, and the merge waited up to 3.3 s for it behind the next files' COPYs.
// The staging table then holds only the columns the checks read (checkedColumns), and on a first
// import only once a check asks for them (stagedLater). The files themselves: direct-files.ts.
import { join } from 'node:path'
import type pg from 'pg'
import { kindOfFile } from '../../contract/import/kinds'
import { copyFromFile, openDirectFolder, removeLeftovers } from './direct-files'
import { ownerColumn } from './owners'
import type { Target } from './target'
import { SQL_TYPE, type DirectOption, type StagedFile } from './stage'
import { TARGETS, targetOf } from './targets'

/**
 * The file columns that become the table's columns, in the file's order (as the merge names them),
 * or null when the table's rows need more than the file's cells: joins to other tables, columns
 * computed in SQL, list children.
 */
function directColumns(target: Target, present: readonly string[]): string[] | null {
  if (target.joins || target.derived || target.children?.length) return null
  return present.filter((name) => target.rename?.[name] !== null)
}

/** Where each file read goes besides its staging table (stage.ts), and the folder to remove. */
export interface DirectPlan {
  option(fichier: string, i: number): DirectOption | undefined
  remove(): void
}

/**
 * The files whose table holds nothing yet and takes their cells as they are get a direct file.
 * Checked again under the table's lock at the merge (bulk.ts): an order may come in meanwhile.
 */
export async function planDirect(
  client: pg.Client,
  files: readonly string[],
  complet: ReadonlySet<string>,
  log: (line: string) => void,
): Promise<DirectPlan> {
  removeLeftovers()
  const empty = new Set<string>()
  for (const fichier of files) {
    const target = targetOf(fichier)
    if (!directColumns(target, [])) continue
    const { rows } = await client.query<{ empty: boolean }>(
      `select not exists (select 1 from ${target.table}) as empty`,
    )
    if (rows[0]?.empty) empty.add(fichier)
  }
  const folder = empty.size > 0 ? openDirectFolder(log) : null
  return {
    option: (fichier, i) => {
      if (!folder || !empty.has(fichier)) return undefined
      const target = targetOf(fichier)
      return {
        path: join(folder.dir, `${i}.copy`),
        columns: (present) => directColumns(target, present),
        checked: checkedColumns(fichier, kindOfFile(fichier)!.cle),
        later: stagedLater(fichier, complet),
      }
    },
    remove: () => folder?.remove(),
  }
}

/**
 * The columns of `fichier` the checks read from its staging table (checks.ts, owners.ts): its key,
 * the columns it cites others by, the keys others cite it by, the column naming a row's member.
 * Its other cells are checked as they are read and go only into the direct file.
 */
function checkedColumns(fichier: string, cle: readonly string[]): Set<string> {
  const out = new Set(cle)
  for (const target of TARGETS.values())
    for (const ref of target.refs) {
      if (target.fichier === fichier) for (const c of ref.columns) out.add(c)
      if (ref.to === fichier) for (const c of ref.key ?? []) out.add(c)
    }
  const owner = ownerColumn(fichier)
  if (owner) out.add(owner)
  return out
}

/**
 * Whether the file's staging table may stay empty until a check reads it (stage.ts `ready`):
 * --complet does not remove by it, and its rows cannot move to another member (owners.ts, which
 * reads the exploitations' staging table from the files citing them). On a first import no check
 * reads it: its key proven distinct as it was read (key-order.ts), its references checked by its
 * table's foreign keys (run.ts), and the files citing it checked once it is merged, against its
 * table (checks.ts). The staging COPYs of the deliveries and their 3 million lines cost the
 * copying session 12 s of a core the reader and the merge were short of.
 */
function stagedLater(fichier: string, complet: ReadonlySet<string>): boolean {
  return !complet.has(fichier) && !ownerColumn(fichier)
}

/**
 * The direct file's rows as a table of the session, its columns named as the file's (the staging
 * table's names): for a merge into a table that holds rows, which reads them by those names.
 */
export async function directTable(client: pg.Client, file: StagedFile, path: string): Promise<string> {
  const columns = directColumns(targetOf(file.kind.fichier), file.present)!
  const table = `${file.table.replace(/\W/g, '_')}_d`
  const types = columns.map((name) => `"${name}" ${SQL_TYPE[file.kind.colonnes[name]!.cell.type]}`)
  await client.query(`create temp table ${table} (${types.join(', ')}) on commit drop`)
  await copyFromFile(
    client,
    path,
    table,
    columns.map((name) => `"${name}"`),
  )
  return table
}
