// A file the import merged, unchanged since, into tables nobody has written to since, would change
// nothing: it is not read again (issue 49: a nightly re-export of the whole cooperative, most of it
// as it was). The import remembers each merged file's SHA-256 (`import_empreintes`), and the
// statement triggers of migration 0010 note every transaction that updates or deletes rows of an
// imported table (and inserts, for a file merged with --complet, where an extra row matters):
// `import_ecritures`. A file is skipped when:
// - its bytes, the way Silo reads its kind (`format`) and, for --complet, its mode are those of the
//   last merge;
// - no write was noted on its tables since;
// - every file of the folder it cites is skipped too: its checks (a row citing a member a changed
//   tiers.csv removes) and joins would not be run otherwise.
// Its rows are then in Silo as the file says, so the files citing it are checked against Silo's.
import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import type pg from 'pg'
import type { Kind } from '../../contract/import/kind'
import { targetOf } from './targets'

/** Bump when the import reads or merges a kind differently without its columns or target changing. */
const FORMAT_IMPORT = 1

export interface Fingerprint {
  fichier: string
  sha256: string
  format: string
  lignes: number
  complet: boolean
}

export async function hashFile(path: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

/** How Silo reads and merges a kind: its columns' cells, its key and its target's SQL. */
export function formatOf(kind: Kind): string {
  const colonnes = Object.entries(kind.colonnes).map(([name, c]) => [name, c.cell.type, c.cell.format, c.cell.optional])
  const description = JSON.stringify({ v: FORMAT_IMPORT, colonnes, cle: kind.cle, cible: targetOf(kind.fichier) })
  return createHash('sha256').update(description).digest('hex').slice(0, 16)
}

/** The tables a file's rows go to: its target's, and its list children's. */
export const tablesOf = (fichier: string): string[] => {
  const target = targetOf(fichier)
  return [target.table, ...(target.children ?? []).map((c) => c.table)]
}

/**
 * Before anything is read: the tables of the folder's files are watched from now on (committed at
 * once, so a write made while this import runs is noted even before it commits), inserts too for
 * the files imported with --complet. Inserts stop being noted only when a file is merged without
 * --complet (rememberFiles): a --complet fingerprint kept by a skipped file still needs them.
 */
export async function watchTables(client: pg.Client, files: string[], complet: ReadonlySet<string>): Promise<void> {
  const rows = files.flatMap((f) => tablesOf(f).map((t) => ({ t, c: complet.has(f) })))
  await client.query(
    `insert into import_tables_suivies (nom_table, insertions)
       select t, c from unnest($1::text[], $2::boolean[]) as x(t, c)
     on conflict (nom_table) do update set insertions = true
       where excluded.insertions and not import_tables_suivies.insertions`,
    [rows.map((r) => r.t), rows.map((r) => r.c)],
  )
}

/**
 * The folder's files that need not be read: in KINDS order (a file after those it cites), each
 * with the fingerprint it matches. `hashes` holds every file of the folder.
 */
export async function unchangedFiles(
  client: pg.Client,
  files: string[],
  kinds: ReadonlyMap<string, Kind>,
  hashes: ReadonlyMap<string, string>,
  complet: ReadonlySet<string>,
): Promise<Map<string, Fingerprint>> {
  const { rows: prints } = await client.query<Fingerprint>(
    'select fichier, sha256, format, lignes, complet from import_empreintes',
  )
  const { rows: writes } = await client.query<{ nom_table: string; insertion: boolean }>(
    'select distinct nom_table, insertion from import_ecritures',
  )
  const byFile = new Map(prints.map((p) => [p.fichier, p]))
  const skipped = new Map<string, Fingerprint>()
  for (const fichier of files) {
    const print = byFile.get(fichier)
    const kind = kinds.get(fichier)!
    if (!print || print.sha256 !== hashes.get(fichier) || print.format !== formatOf(kind)) continue
    if (complet.has(fichier) && !print.complet) continue
    const tables = tablesOf(fichier)
    // An insert breaks only a --complet file's picture (a row the file does not have); an update or
    // a delete, any file's.
    const written = writes.some((w) => tables.includes(w.nom_table) && (!w.insertion || complet.has(fichier)))
    if (written) continue
    const cited = targetOf(fichier).refs.map((r) => r.to)
    if (cited.some((to) => files.includes(to) && !skipped.has(to))) continue
    skipped.set(fichier, print)
  }
  return skipped
}

/** In the merge's transaction, before a file's rows go in: the writes noted so far are overwritten by them. */
export async function forgetWrites(client: pg.Client, fichier: string): Promise<void> {
  await client.query('delete from import_ecritures where nom_table = any($1::text[])', [tablesOf(fichier)])
}

/**
 * At the end of the merge's transaction: the merged files' fingerprints, and this transaction's own
 * writes to their tables forgotten (its writes to other tables — a --complet removal's cascades into
 * a file not in this folder — stay noted).
 */
export async function rememberFiles(client: pg.Client, prints: Fingerprint[]): Promise<void> {
  if (prints.length === 0) return
  await client.query(
    `delete from import_ecritures where transaction = txid_current() and nom_table = any($1::text[])`,
    [prints.flatMap((p) => tablesOf(p.fichier))],
  )
  await client.query(
    'update import_tables_suivies set insertions = false where nom_table = any($1::text[]) and insertions',
    [prints.filter((p) => !p.complet).flatMap((p) => tablesOf(p.fichier))],
  )
  await client.query(
    `insert into import_empreintes (fichier, sha256, format, lignes, complet, importe_le)
       select * , now() from unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::boolean[])
     on conflict (fichier) do update set sha256 = excluded.sha256, format = excluded.format,
       lignes = excluded.lignes, complet = excluded.complet, importe_le = excluded.importe_le`,
    [
      prints.map((p) => p.fichier),
      prints.map((p) => p.sha256),
      prints.map((p) => p.format),
      prints.map((p) => p.lignes),
      prints.map((p) => p.complet),
    ],
  )
}
