// Loads one file into a staging table of the import's own session (TEMP: dropped when the session
// ends, a killed import leaves nothing behind) with PostgreSQL's COPY, checking each cell with its
// column's valibot schema on the way (issue 40). A bad row is listed with its line and column and
// still staged with its valid cells (its key, mostly), so that rows pointing to it are not
// reported as pointing to nothing: one mistake, one line in the report.
import type pg from 'pg'
import type { Cell } from '../../contract/import/cells'
import type { Kind } from '../../contract/import/kind'
import { Segments, type CopyBudget } from './copy-segments'
import { columnCheck } from './cell-verdict'
import { DirectWriter } from './direct-files'
import { LineMarks, stageFromDirect } from './stage-later'
import { readHeader, widthError } from './header'
import { keyWatch } from './key-order'
import { linesAsBytes } from './line-bytes'
import { readCsv, type CsvRecord, type Encoding } from './read-csv'
import type { ErrorSink } from './errors'

export interface StagedFile {
  kind: Kind
  /** The staging table: every column of the kind, and `_ligne`. */
  table: string
  /** Columns the file's header has (the others are left unchanged on update). */
  present: string[]
  /** Data rows read. */
  rows: number
  /** Rows with at least one error. */
  refused: number
  /** The header was unusable: nothing was staged. */
  unusable: boolean
  /** Read in its key's order, the file was seen to hold each key once (key-order.ts). */
  keysDistinct: boolean
  /** How the file was decoded: Windows-1252 when it was not UTF-8 (read-csv.ts). */
  encoding?: Encoding
  /** Settles once PostgreSQL has copied the whole file (it is read, and queued, before). */
  copied: Promise<void>
  /**
   * Settles once the staging table holds the rows: at once, unless they were left in the direct
   * file (DirectOption `later`): then copied from it now, once (stage-later.ts). Every check that
   * reads the table asks first.
   */
  ready(): Promise<void>
  /** The rows' COPY text in their table's columns, for a table filled from empty (direct-copy.ts). */
  direct?: string
}

/** Where the rows go for their table's COPY, and which columns (direct-copy.ts). */
export interface DirectOption {
  path: string
  columns: (present: readonly string[]) => string[] | null
  /** The columns the checks read: the only ones staged when the rows go to the direct file. */
  checked: ReadonlySet<string>
  /** No check may need the staging table: its rows are left in the direct file, copied if one does. */
  later: boolean
}

export const SQL_TYPE: Record<Cell['type'], string> = {
  text: 'text',
  int: 'integer',
  numeric: 'numeric',
  date: 'date',
  bool: 'boolean',
  'text[]': 'text[]',
  // Read by COPY as Paris time unless the text carries an offset: the import's session is in
  // Europe/Paris (run.ts). In SQL, per row at the merge, it cost 1.8 s of the 807,906 order steps.
  instant: 'timestamptz',
}

const stagingSql = (kind: Kind, table: string, create: 'unlogged' | 'temp') =>
  `create ${create} table ${table} (_ligne integer not null, ${Object.entries(kind.colonnes)
    .map(([name, c]) => `"${name}" ${SQL_TYPE[c.cell.type]}`)
    .join(', ')})`

/** COPY lines turned into bytes at once: some 256 KB of most files' rows. */
const FLUSH_LINES = 4096

/** For each column, its place among the columns kept (`kept`), from `first` on; -1 where not kept. */
function places(kept: readonly boolean[], first: number): number[] {
  let next = first
  return kept.map((k) => (k ? next++ : -1))
}

/**
 * A file goes to PostgreSQL in segments of this much COPY text, each sent as one COPY once it is
 * read whole, so the staging session is never held by a COPY waiting on the reader (staging.ts);
 * where it is the merging session too (a role without CREATE), a segment's COPY goes in between
 * two of the merge's statements, at PostgreSQL's speed.
 */
const SEGMENT_AT = 16 * 1024 * 1024

/** The event loop's turn: a batch is 16 KB of the file (read-csv.ts), a quarter of the 2.5 ms measured at 64 KB. */
const yieldToAnswers = () => new Promise<void>((resolve) => setImmediate(resolve))

export async function stageFile(
  client: pg.Client,
  path: string,
  kind: Kind,
  table: string,
  errors: ErrorSink,
  how: {
    budget: CopyBudget
    create: 'unlogged' | 'temp'
    signal?: AbortSignal
    /** Indexes the staged file needs (checks.ts stagingIndexes), built once it is copied. */
    indexes?: (file: StagedFile) => string[]
    /** Where to write the rows for their table's COPY, and which columns go there (direct-copy.ts). */
    direct?: DirectOption
  },
): Promise<StagedFile> {
  const { budget, create, signal } = how
  // Queued, not awaited: the session may still be copying the files read before (run.ts).
  const sent = new Segments(client.query(stagingSql(kind, table, create)), budget)
  const staged: StagedFile = {
    kind,
    table,
    present: [],
    rows: 0,
    refused: 0,
    unusable: false,
    keysDistinct: false,
    copied: Promise.resolve(),
    ready: () => Promise.resolve(),
  }
  const seen: { encoding?: Encoding } = {}
  const batches = readCsv(path, seen)
  const first = await batches.next()
  const read = first.done ? null : readHeader(kind, first.value[0]!.cells, errors)
  if (!read) {
    if (first.done) errors.add({ fichier: kind.fichier, line: 1, reason: 'fichier vide (ligne d’en-tête attendue)' })
    staged.unusable = true
    await batches.return(undefined)
    await sent.settled(false)
    return staged
  }
  const header = read.names
  staged.present = header
  // The file's columns in its own order, mapped once: each cell goes to its column's check and place in COPY.
  const checks = header.map((name) => columnCheck(kind.colonnes[name]!.cell))
  // Each header column's place in the key, or -1; the key's columns are required (readHeader).
  const keyPlace = header.map((name) => kind.cle.indexOf(name))
  const keys = keyWatch(kind.cle.map((name) => kind.colonnes[name]!.cell.type))
  const directColumns = how.direct?.columns(header) ?? null
  const direct = directColumns && new DirectWriter(how.direct!.path)
  const inDirect = header.map((name) => directColumns?.includes(name) ?? false)
  // With a direct file the staging table gets only what the checks read (its other columns stay
  // empty): 3 of the 9 columns of 3 million delivery lines.
  const inStage = header.map((name) => !direct || how.direct!.checked.has(name))
  const stageColumns = ['_ligne', ...header.filter((_, i) => inStage[i]).map((n) => `"${n}"`)]
  const copySql = `copy ${table} (${stageColumns.join(', ')}) from stdin`
  // Its staging rows left in the direct file, which holds every column the checks read.
  const later =
    direct && how.direct!.later && header.every((_, i) => !inStage[i] || inDirect[i]) ? new LineMarks() : null
  // Each cell's place in its COPY row (-1: not there). A row's cells go into an array reused for
  // every row, joined once: a string built cell by cell (`+=`) is a chain of pieces the collector
  // and Buffer.from then walk (3 million delivery lines: 1.7 s more).
  const stagePlace = places(later ? inStage.map(() => false) : inStage, 1)
  const directPlace = places(inDirect, 0)
  const stageRow: string[] = new Array<string>(1 + inStage.filter(Boolean).length)
  const directRow: string[] = new Array<string>(inDirect.filter(Boolean).length)
  /** COPY lines read and not yet bytes: the staging table's, the direct file's. */
  let stageLines: string[] = []
  let directLines: string[] = []
  // As bytes, off the heap: 16 MB of strings kept until their COPY would be old-generation garbage
  // (the import's process spent 10 s more in its collector with them).
  let segment: Buffer[] = []
  let size = 0
  const send = async () => {
    const bytes = stageLines.length ? linesAsBytes(stageLines) : null
    stageLines = []
    if (bytes) segment.push(bytes)
    if (segment.length) await sent.copy(client, copySql, segment)
    segment = []
    size = 0
  }
  const width = header.length
  try {
    for await (const batch of rest(first.value, batches)) {
      if (signal?.aborted) throw new Error('import interrompu')
      for (const record of batch) {
        staged.rows++
        const { line } = record
        if (record.cells.length !== width) {
          const wrong = widthError(read, record.cells)
          if (wrong !== null) {
            staged.refused++
            errors.add({ fichier: kind.fichier, line, reason: wrong })
            continue
          }
        }
        // A bad cell is listed and staged empty; the row is staged with its valid cells, marked not ok.
        let ok = true
        const key: string[] = new Array<string>(kind.cle.length)
        for (let i = 0; i < width; i++) {
          const verdict = checks[i]!(record.cells[i]!)
          const copy = verdict.reason === undefined ? verdict.copy : '\\N'
          if (stagePlace[i]! >= 0) stageRow[stagePlace[i]!] = copy
          if (directPlace[i]! >= 0) directRow[directPlace[i]!] = copy
          if (keyPlace[i]! >= 0) key[keyPlace[i]!] = copy
          if (verdict.reason !== undefined) {
            ok = false
            errors.add({ fichier: kind.fichier, line, column: header[i], reason: verdict.reason })
          }
        }
        keys.see(key)
        if (!ok) staged.refused++
        if (direct) directLines.push(directRow.join('\t'))
        if (later) later.next(line)
        else {
          stageRow[0] = String(line)
          stageLines.push(stageRow.join('\t'))
        }
      }
      // The merging session's answers wait for this thread: let them in between two batches.
      await yieldToAnswers()
      if (direct && directLines.length >= FLUSH_LINES) {
        const bytes = linesAsBytes(directLines)
        directLines = []
        await direct.write(bytes)
      }
      if (stageLines.length >= FLUSH_LINES) {
        const bytes = linesAsBytes(stageLines)
        stageLines = []
        segment.push(bytes)
        size += bytes.length
        if (size >= SEGMENT_AT) await send()
      }
    }
  } catch (err) {
    // A file unreadable halfway (not UTF-8, a quote never closed): the segment being read is never
    // sent, so no COPY fails and the session (inside the import's transaction) goes on.
    await sent.settled(false)
    await direct?.close().catch(() => {})
    throw err
  }
  await send()
  if (direct) {
    try {
      if (directLines.length) await direct.write(linesAsBytes(directLines))
    } finally {
      await direct.close()
    }
    staged.direct = direct.path
  }
  staged.keysDistinct = keys.distinct
  staged.encoding = seen.encoding
  // Statistics for the checks' and the merge's plans: without them a small staging table can be
  // planned as the inner side of a nested loop, scanned once per row of a large one (65 s).
  const finish = [...(how.indexes?.(staged) ?? []), `analyze ${table}`]
  if (later) {
    let filling: Promise<void> | undefined
    const fill = async () => {
      await stageFromDirect(client, {
        table,
        columns: header.filter((_, i) => inStage[i]),
        path: staged.direct!,
        direct: directColumns!.map((name) => ({ name, type: SQL_TYPE[kind.colonnes[name]!.cell.type] })),
        marks: later,
      })
      for (const statement of finish) await client.query(statement)
    }
    staged.ready = () => (filling ??= fill())
  } else for (const statement of finish) sent.queue(client.query(statement))
  staged.copied = sent.settled(true)
  return staged
}

/** The batches after the header: the first one's other records, then the others. */
async function* rest(first: CsvRecord[], batches: AsyncGenerator<CsvRecord[]>): AsyncGenerator<CsvRecord[]> {
  try {
    yield first.slice(1)
    yield* batches
  } finally {
    // Left after the first batch (the import stopped): the file is closed all the same.
    await batches.return(undefined)
  }
}
