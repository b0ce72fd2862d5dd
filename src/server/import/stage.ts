// Loads one file into a staging table of the import's own session (TEMP: dropped when the session
// ends, a killed import leaves nothing behind) with PostgreSQL's COPY, checking each row with its
// kind's valibot schema on the way (issue 40). A bad row is listed with its line and column and
// still staged with its valid cells (its key, mostly), so that rows pointing to it are not
// reported as pointing to nothing: one mistake, one line in the report.
import { once } from 'node:events'
import { finished } from 'node:stream/promises'
import type pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'
import * as v from 'valibot'
import type { Cell } from '../../contract/import/cells'
import { requiredColumns, rowSchema, type Kind } from '../../contract/import/kind'
import { readCsv } from './read-csv'
import type { ErrorSink } from './errors'

export interface StagedFile {
  kind: Kind
  /** The staging table: every column of the kind, `_ligne` and `_ok`. */
  table: string
  /** Columns the file's header has (the others are left unchanged on update). */
  present: string[]
  /** Data rows read. */
  rows: number
  /** Rows with at least one error. */
  refused: number
  /** The header was unusable: nothing was staged. */
  unusable: boolean
}

const SQL_TYPE: Record<Cell['type'], string> = {
  text: 'text',
  int: 'integer',
  numeric: 'numeric',
  date: 'date',
  bool: 'boolean',
  'text[]': 'text[]',
  instant: 'text',
}

const SPECIAL = /[\\\t\n\r]/
const escapeText = (s: string) =>
  SPECIAL.test(s)
    ? s.replace(/[\\\t\n\r]/g, (ch) => (ch === '\\' ? '\\\\' : ch === '\t' ? '\\t' : ch === '\n' ? '\\n' : '\\r'))
    : s

function copyValue(type: Cell['type'], value: unknown): string {
  if (value === null || value === undefined) return '\\N'
  switch (type) {
    case 'bool':
      return value ? 't' : 'f'
    case 'int':
    case 'numeric':
      return String(value)
    case 'text[]':
      // Elements are codes (checked): quoted so that NULL is a code like any other.
      return `{${(value as string[]).map((x) => `"${x}"`).join(',')}}`
    default:
      return escapeText(value as string)
  }
}

async function createStaging(client: pg.Client, kind: Kind, table: string): Promise<void> {
  const cols = Object.entries(kind.colonnes).map(([name, c]) => `"${name}" ${SQL_TYPE[c.cell.type]}`)
  await client.query(`create temp table ${table} (_ligne integer not null, _ok boolean not null, ${cols.join(', ')})`)
}

/** The header's columns, or null after listing what is wrong with it. */
function readHeader(kind: Kind, cells: string[], errors: ErrorSink): string[] | null {
  const names = cells.map((c) => c.trim())
  let ok = true
  const seen = new Set<string>()
  for (const name of names) {
    if (!(name in kind.colonnes)) {
      errors.add({ fichier: kind.fichier, line: 1, column: name, reason: 'colonne inconnue' })
      ok = false
    } else if (seen.has(name)) {
      errors.add({ fichier: kind.fichier, line: 1, column: name, reason: 'colonne en double' })
      ok = false
    }
    seen.add(name)
  }
  for (const name of requiredColumns(kind)) {
    if (!seen.has(name)) {
      errors.add({ fichier: kind.fichier, line: 1, column: name, reason: 'colonne obligatoire absente' })
      ok = false
    }
  }
  return ok ? names : null
}

const FLUSH_AT = 256 * 1024

export async function stageFile(
  client: pg.Client,
  path: string,
  kind: Kind,
  table: string,
  errors: ErrorSink,
): Promise<StagedFile> {
  const staged: StagedFile = { kind, table, present: [], rows: 0, refused: 0, unusable: false }
  await createStaging(client, kind, table)
  const records = readCsv(path)
  const first = await records.next()
  const header = first.done ? null : readHeader(kind, first.value.cells, errors)
  if (!header) {
    if (first.done) errors.add({ fichier: kind.fichier, line: 1, reason: 'fichier vide (ligne d’en-tête attendue)' })
    staged.unusable = true
    await records.return(undefined)
    return staged
  }
  staged.present = header
  const schema = rowSchema(kind, header)
  const cells = header.map((name) => kind.colonnes[name]!.cell)
  const names = header.map((n) => `"${n}"`).join(', ')
  const copy = client.query(copyFrom(`copy ${table} (_ligne, _ok, ${names}) from stdin`))
  let buffer = ''
  const flush = async () => {
    if (!copy.write(buffer)) await once(copy, 'drain')
    buffer = ''
  }
  const width = header.length
  try {
    for await (const record of records) {
      staged.rows++
      const { line } = record
      if (record.cells.length !== width) {
        staged.refused++
        errors.add({ fichier: kind.fichier, line, reason: `${record.cells.length} colonnes au lieu de ${width}` })
        continue
      }
      const input: Record<string, string> = {}
      for (let i = 0; i < width; i++) input[header[i]!] = record.cells[i]!
      const parsed = v.safeParse(schema, input)
      let out: Record<string, unknown>
      let ok = true
      if (parsed.success) out = parsed.output
      else {
        ok = false
        staged.refused++
        out = {}
        for (let i = 0; i < width; i++) {
          const name = header[i]!
          const one = v.safeParse(cells[i]!.schema, input[name])
          if (one.success) out[name] = one.output
          else errors.add({ fichier: kind.fichier, line, column: name, reason: reason(one.issues[0], input[name]!) })
        }
      }
      let text = `${line}\t${ok ? 't' : 'f'}`
      for (let i = 0; i < width; i++) text += `\t${copyValue(cells[i]!.type, out[header[i]!])}`
      buffer += `${text}\n`
      if (buffer.length > FLUSH_AT) await flush()
    }
  } catch (err) {
    // A file unreadable halfway (not UTF-8, a quote never closed): the COPY is aborted (CopyFail), the session goes on.
    copy.destroy(err as Error)
    await finished(copy).catch(() => {})
    throw err
  }
  if (buffer) await flush()
  copy.end()
  await finished(copy)
  return staged
}

function reason(issue: v.BaseIssue<unknown> | undefined, value: string): string {
  const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value
  return `${issue?.message ?? 'valeur invalide'} (« ${shown} »)`
}
