// Reads one CSV file of the cooperative as its office wrote it (issue 40): UTF-8 with or without
// BOM and nothing else (Windows-1252 from an old Excel is refused with the line of its first
// foreign byte, never read as mojibake), ';' or ',' separator detected from the header line,
// records streamed by csv-parse with the line each one ends on.
import { createReadStream } from 'node:fs'
import { Transform } from 'node:stream'
import { parse, type Parser } from 'csv-parse'

class CsvFileError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message)
  }
}

export interface CsvRecord {
  /** The file's line where the record ends (1 is the header). */
  line: number
  cells: string[]
}

/** Offset of the first byte that breaks UTF-8 in `buf`, or -1. */
function firstInvalidUtf8(buf: Buffer): number {
  let i = 0
  while (i < buf.length) {
    const b = buf[i]!
    const n = b < 0x80 ? 0 : b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : -1
    if (n < 0) return i
    for (let k = 1; k <= n; k++) {
      if (i + k >= buf.length) return -1 // cut at the chunk's end: the next chunk decides
      if ((buf[i + k]! & 0xc0) !== 0x80) return i
    }
    i += n + 1
  }
  return -1
}

const countLines = (buf: Buffer, end: number) => {
  let n = 0
  for (let i = buf.indexOf(10); i !== -1 && i < end; i = buf.indexOf(10, i + 1)) n++
  return n
}

const NOT_UTF8 =
  'le fichier n’est pas en UTF-8 (probablement Windows-1252, l’« CSV (séparateur : point-virgule) » d’un ancien Excel) : ' +
  'enregistrez-le en « CSV UTF-8 » et recommencez ; rien n’a été importé'

/** Passes the bytes through, failing on the first one that is not UTF-8. */
function utf8Guard(): Transform {
  const decoder = new TextDecoder('utf-8', { fatal: true })
  let lines = 0
  let carry: Buffer = Buffer.alloc(0)
  let first = true
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (
        first &&
        chunk.length >= 2 &&
        ((chunk[0] === 0xff && chunk[1] === 0xfe) || (chunk[0] === 0xfe && chunk[1] === 0xff))
      ) {
        return done(new CsvFileError(1, 'le fichier est en UTF-16 : enregistrez-le en « CSV UTF-8 » et recommencez'))
      }
      first = false
      try {
        decoder.decode(chunk, { stream: true })
      } catch {
        const joined = Buffer.concat([carry, chunk])
        const at = firstInvalidUtf8(joined)
        const byte = joined[at < 0 ? 0 : at]!
        const line = lines - countLines(carry, carry.length) + countLines(joined, at < 0 ? 0 : at) + 1
        return done(new CsvFileError(line, `${NOT_UTF8} (octet 0x${byte.toString(16).toUpperCase()} ligne ${line})`))
      }
      // A character may start at the end of one chunk and end in the next: its line is found from the last bytes.
      lines += countLines(chunk, chunk.length)
      carry = chunk.subarray(Math.max(0, chunk.length - 3))
      done(null, chunk)
    },
    flush(done) {
      try {
        decoder.decode()
        done()
      } catch {
        done(new CsvFileError(lines + 1, `${NOT_UTF8} (fin de fichier tronquée)`))
      }
    },
  })
}

/** The header line's separator: ';' when it holds one (French offices), otherwise ','. */
function detectSeparator(head: Buffer): ';' | ',' {
  const end = head.indexOf(10)
  const line = head.subarray(0, end < 0 ? head.length : end).toString('utf8')
  return line.includes(';') ? ';' : ','
}

async function readHead(path: string): Promise<Buffer> {
  const stream = createReadStream(path, { start: 0, end: 64 * 1024 - 1 })
  const chunks: Buffer[] = []
  for await (const c of stream) chunks.push(c as Buffer)
  return Buffer.concat(chunks)
}

/**
 * The file's records, header first, each with its line, in batches of what the parser holds (a
 * yield per record was a third of the time of reading 3 million lines). Throws CsvFileError with a
 * French reason.
 */
export async function* readCsv(path: string): AsyncGenerator<CsvRecord[]> {
  const delimiter = detectSeparator(await readHead(path))
  const parser: Parser = parse({ delimiter, bom: true, relax_column_count: true, skip_empty_lines: true })
  // Each record is tagged with the parser's line count at the moment it is pushed: csv-parse's
  // `info: true` gives the same number but copies a dozen fields per record (twice the parse time
  // measured on a 3-million-line file).
  const push = parser.push.bind(parser)
  parser.push = (record: unknown) =>
    push(record === null ? null : ({ line: parser.info.lines, cells: record as string[] } satisfies CsvRecord))
  const source = createReadStream(path, { highWaterMark: 1024 * 1024 })
  const guard = utf8Guard()
  const failed: { error?: Error } = {}
  source.on('error', (e) => parser.destroy(e))
  guard.on('error', (e) => {
    failed.error = e
    parser.destroy(e)
  })
  source.pipe(guard).pipe(parser)
  try {
    for await (const record of parser) {
      const batch = [record as CsvRecord]
      for (let more = parser.read() as CsvRecord | null; more !== null; more = parser.read() as CsvRecord | null)
        batch.push(more)
      yield batch
    }
  } catch (err) {
    if (failed.error) throw failed.error
    if (err instanceof CsvFileError) throw err
    const e = err as Error & { lines?: number; code?: string }
    throw new CsvFileError(e.lines ?? parser.info.lines, `CSV illisible : ${frenchCsvError(e)}`)
  } finally {
    source.destroy()
  }
}

function frenchCsvError(e: Error & { code?: string }): string {
  switch (e.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'guillemet ouvert jamais fermé'
    case 'CSV_INVALID_CLOSING_QUOTE':
      return 'guillemet fermant suivi d’autre chose que le séparateur'
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return 'caractère après un guillemet fermant'
    default:
      return e.message
  }
}
