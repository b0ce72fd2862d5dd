// Reads one CSV file of the cooperative as its office wrote it (issue 40): UTF-8 with or without
// BOM, or Windows-1252 (what Excel's « CSV (séparateur : point-virgule) » writes on a French
// Windows) when the file is not UTF-8 (issue 49); a file that mixes both is refused with the line
// of its first foreign byte, never read as mojibake; UTF-16 and binary data are named as such. ';'
// or ',' separator and the line break detected from the header line, records parsed by papaparse's
// Parser with the line each one starts on. Only a regular file is read (issue 49): a symbolic
// link, a device or a FIFO is refused before any byte of it is read.
import { constants, type Stats } from 'node:fs'
import { lstat, open, type FileHandle } from 'node:fs/promises'
import Papa from 'papaparse'

export class CsvFileError extends Error {
  constructor(
    /** The line at fault, or undefined when the whole file is (not a regular file, binary data). */
    readonly line: number | undefined,
    message: string,
  ) {
    super(message)
  }
}

export interface CsvRecord {
  /** The file's line where the record starts (1 is the header): a quoted cell may hold line breaks. */
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

const MIXED =
  'le fichier mêle UTF-8 et un autre encodage (Windows-1252 ?) : ' +
  'enregistrez-le en « CSV UTF-8 » et recommencez ; rien n’a été importé'
const NOT_CP1252 =
  'le fichier n’est ni en UTF-8 ni en Windows-1252 : ' +
  'enregistrez-le en « CSV UTF-8 » et recommencez ; rien n’a été importé'

/** Bytes Windows-1252 leaves undefined (TextDecoder would give C1 controls for them). */
const UNDEFINED_IN_CP1252 = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d])
/** The first byte of `buf` Windows-1252 leaves undefined, or -1. */
const firstUndefinedCp1252 = (buf: Buffer) => buf.findIndex((b) => UNDEFINED_IN_CP1252.has(b))
const NON_ASCII = /[\u0080-\uffff]/
/** Trailing bytes ≥ 0x80 of `buf`: the start of a character a UTF-8 decoder holds until the next chunk. */
const highTail = (buf: Buffer) => {
  let k = buf.length
  while (k > 0 && buf[k - 1]! >= 0x80) k--
  return buf.subarray(k)
}

export type Encoding = 'utf-8' | 'windows-1252'

/** The header line's separator: ';' when it holds one (French offices), otherwise ','. */
function detectSeparator(head: Buffer): ';' | ',' {
  const end = head.indexOf(10)
  const line = head.subarray(0, end < 0 ? head.length : end).toString('utf8')
  return line.includes(';') ? ';' : ','
}

/** The header line's line break, which every record then ends with (Excel's CRLF, or LF). */
function detectNewline(head: Buffer): '\r\n' | '\n' | '\r' {
  const lf = head.indexOf(10)
  if (lf > 0 && head[lf - 1] === 13) return '\r\n'
  return lf < 0 && head.includes(13) ? '\r' : '\n'
}

const HEAD = 64 * 1024
/** What a batch of records holds at most, and what one read brings (readCsv). */
const BATCH_BYTES = 16 * 1024
const READ_BYTES = 256 * 1024

/** The chunks read, cut into batches of `size` bytes (views, not copies). */
async function* batchesOf(chunks: AsyncIterable<Buffer>, size: number): AsyncGenerator<Buffer> {
  for await (const chunk of chunks) for (let at = 0; at < chunk.length; at += size) yield chunk.subarray(at, at + size)
}

async function readHead(file: FileHandle): Promise<Buffer> {
  const buf = Buffer.alloc(HEAD)
  let n = 0
  for (let got = -1; got !== 0 && n < HEAD; n += got) got = (await file.read(buf, n, HEAD - n, n)).bytesRead
  return buf.subarray(0, n)
}

const AGAIN = 'enregistrez-le en « CSV UTF-8 » et recommencez ; rien n’a été importé'

/** What a file's first bytes say it is when it is not text in an 8-bit encoding, or null. */
function notText(head: Buffer): { line?: number; message: string } | null {
  const utf16 = (order: 'LE' | 'BE', bom: boolean) => ({
    line: 1,
    message: `le fichier est en UTF-16 ${order} ${bom ? 'avec BOM' : 'sans BOM (un octet nul sur deux)'} : ${AGAIN}`,
  })
  if (head[0] === 0xff && head[1] === 0xfe) return utf16('LE', true)
  if (head[0] === 0xfe && head[1] === 0xff) return utf16('BE', true)
  if (head.subarray(0, 4).equals(Buffer.from('PK\x03\x04', 'latin1')))
    return { message: `le fichier est un classeur Excel (.xlsx), pas un CSV : ${AGAIN}` }
  if (head.subarray(0, 4).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0])))
    return { message: `le fichier est un classeur Excel 97-2003 (.xls), pas un CSV : ${AGAIN}` }
  // No text holds a NUL byte; UTF-16 of Latin text holds one every other byte, on one side.
  if (head.indexOf(0) < 0) return null
  const nuls = [0, 0]
  for (let i = 0; i < head.length; i++) if (head[i] === 0) nuls[i & 1]!++
  const pairs = head.length >> 1
  if (nuls[1]! > pairs / 2 && nuls[0]! < pairs / 20) return utf16('LE', false)
  if (nuls[0]! > pairs / 2 && nuls[1]! < pairs / 20) return utf16('BE', false)
  return { message: `le fichier n’est pas du texte (données binaires : octets nuls) : ${AGAIN}` }
}

const KIND_OF = (s: Stats) =>
  s.isSymbolicLink()
    ? 'un lien symbolique'
    : s.isDirectory()
      ? 'un dossier'
      : s.isFIFO()
        ? 'un tube nommé (FIFO)'
        : s.isCharacterDevice() || s.isBlockDevice()
          ? 'un périphérique'
          : s.isSocket()
            ? 'une socket'
            : 'autre chose qu’un fichier ordinaire'

const notRegular = (s: Stats) =>
  new CsvFileError(
    undefined,
    `refusé sans être lu : c’est ${KIND_OF(s)}, pas un fichier ordinaire ; copiez le fichier lui-même dans le dossier`,
  )

/**
 * The file opened for reading, if it is a regular file: never a link followed (O_NOFOLLOW), a FIFO
 * waited on (O_NONBLOCK) or a device read. Checked again on the opened file: it may have been
 * replaced between the two.
 */
async function openRegular(path: string): Promise<FileHandle> {
  const before = await lstat(path)
  if (!before.isFile()) throw notRegular(before)
  const file = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch(
    (err: NodeJS.ErrnoException) => {
      if (err.code === 'ELOOP') throw new CsvFileError(undefined, 'refusé sans être lu : c’est un lien symbolique')
      throw err
    },
  )
  const after = await file.stat()
  if (!after.isFile()) {
    await file.close()
    throw notRegular(after)
  }
  return file
}

/** No record of a cooperative's file is this long: past it, a quote was opened and never closed
 * (the parser would otherwise hold, and parse again, the rest of the file at each chunk). */
const LONGEST_RECORD = 1024 * 1024

/** A record counts its line and the line breaks inside its quoted cells (`end`: the file's break's last character). */
function breaksIn(cells: string[], end: '\n' | '\r'): number {
  let n = 0
  for (const cell of cells) for (let i = cell.indexOf(end); i !== -1; i = cell.indexOf(end, i + 1)) n++
  return n
}

/**
 * The file's records, header first, each with the line it starts on, one batch per chunk read.
 * `seen.encoding` says, once the file is read, how it was decoded. Throws CsvFileError with a French reason. papaparse's Parser, not csv-parse: the same 3 million
 * delivery lines parse in 2.7 s instead of 9.6 s (docs/figures.md).
 */
export async function* readCsv(path: string, seen: { encoding?: Encoding } = {}): AsyncGenerator<CsvRecord[]> {
  const file = await openRegular(path)
  let head: Buffer
  try {
    head = await readHead(file)
  } catch (err) {
    await file.close()
    throw err
  }
  const wrong = notText(head)
  if (wrong) {
    await file.close()
    throw new CsvFileError(wrong.line, wrong.message)
  }
  const newline = detectNewline(head)
  const parser = new Papa.Parser({ delimiter: detectSeparator(head), newline, quoteChar: '"' })
  // Strips a UTF-8 BOM (ignoreBOM is false) and refuses any byte that is not UTF-8.
  const decoder = new TextDecoder('utf-8', { fatal: true })
  const cp1252 = new TextDecoder('windows-1252')
  // UTF-8 and Windows-1252 agree on ASCII: while the bytes read are ASCII the file may be either.
  // Its first non-ASCII character decides: valid UTF-8, the file is UTF-8 (a byte that breaks it
  // later is a mixed file, refused); not UTF-8, it is Windows-1252 from its first byte.
  // A BOM says UTF-8 outright.
  let encoding: 'ascii' | Encoding = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 'utf-8' : 'ascii'
  /** While ASCII so far: the bytes of a character cut at the chunk's end, held by the UTF-8 decoder. */
  let held: Buffer = Buffer.alloc(0)
  const fromCp1252 = (bytes: Buffer, linesBefore: number): string => {
    const at = firstUndefinedCp1252(bytes)
    if (at >= 0) {
      const bad = linesBefore + countLines(bytes, at) + 1
      throw new CsvFileError(bad, `${NOT_CP1252} (octet 0x${bytes[at]!.toString(16).toUpperCase()} ligne ${bad})`)
    }
    return cp1252.decode(bytes, { stream: true })
  }
  // 16 KB a batch, between which the import's other work gets the thread (stage.ts): a delta's code
  // is still cold, 25 ms or more a 64 KB batch, and its merge began 0.41 → 0.32 s after the lock.
  // Read 256 KB at a time, though: each read costs the thread as much whatever its size (the
  // 113 MB of 3 million delivery lines read by 16 KB: 0.5 s of CPU, by 256 KB: 0.09 s).
  const source = file.createReadStream({ start: 0, highWaterMark: READ_BYTES })
  /** Lines of the bytes decoded so far, and the last bytes of the chunk before (a character cut in two). */
  let byteLines = 0
  let carry: Buffer = Buffer.alloc(0)
  /** The line the last record returned ends on, and the start of the next record, not yet whole. */
  let line = 0
  let partial = ''
  const records = (input: string, last: boolean): CsvRecord[] => {
    const result = parser.parse(input, 0, !last) as Papa.ParseResult<string[]>
    const quoted = input.includes('"')
    const batch: CsvRecord[] = []
    // An error in the record left for the next chunk is decided with its end (a quoted cell then
    // CRLF, cut between CR and LF, reads as a malformed closing quote until the LF comes).
    const error = result.errors.find((e) => last || (e.row ?? 0) < result.data.length)
    const rows = error?.row === undefined ? result.data : result.data.slice(0, error.row)
    for (const cells of rows) {
      const start = line + 1
      line += 1 + (quoted ? breaksIn(cells, newline === '\r' ? '\r' : '\n') : 0)
      // An empty line holds no record, nor a line of separators alone (Excel's empty row).
      if (cells[0] === '' && cells.every((c) => c === '')) continue
      batch.push({ line: start, cells })
    }
    if (error) throw new CsvFileError(line + 1, `CSV illisible : ${frenchCsvError(error.code)}`)
    partial = last ? '' : input.slice(result.meta.cursor)
    if (partial.length > LONGEST_RECORD)
      throw new CsvFileError(line + 1, `CSV illisible : ${frenchCsvError('MissingQuotes')}`)
    return batch
  }
  try {
    for await (const chunk of batchesOf(source as AsyncIterable<Buffer>, BATCH_BYTES)) {
      let text: string
      if (encoding === 'windows-1252') text = fromCp1252(chunk, byteLines)
      else
        try {
          text = decoder.decode(chunk, { stream: true })
          if (encoding === 'ascii') {
            if (NON_ASCII.test(text)) encoding = 'utf-8'
            else held = highTail(Buffer.concat([held, chunk]))
          }
        } catch {
          const before = encoding === 'ascii' ? held : carry
          const bytes = Buffer.concat([before, chunk])
          const at = firstInvalidUtf8(bytes)
          const linesBefore = byteLines - countLines(before, before.length)
          const bad = linesBefore + countLines(bytes, at < 0 ? 0 : at) + 1
          // UTF-8 read before the byte that breaks it: a mixed file.
          if (encoding === 'utf-8' || bytes.subarray(0, at < 0 ? bytes.length : at).some((b) => b >= 0x80)) {
            const byte = bytes[at < 0 ? 0 : at]!
            throw new CsvFileError(bad, `${MIXED} (octet 0x${byte.toString(16).toUpperCase()} ligne ${bad})`)
          }
          encoding = 'windows-1252'
          text = fromCp1252(bytes, linesBefore)
        }
      byteLines += countLines(chunk, chunk.length)
      carry = chunk.subarray(Math.max(0, chunk.length - 3))
      const batch = records(partial + text, false)
      if (batch.length) yield batch
    }
    let rest: string
    if (encoding === 'windows-1252') rest = cp1252.decode()
    else if (encoding === 'ascii' && held.length > 0) {
      // The file's only non-ASCII bytes end it and are not UTF-8: Windows-1252.
      encoding = 'windows-1252'
      rest = fromCp1252(held, byteLines - countLines(held, held.length)) + cp1252.decode()
    } else
      try {
        rest = decoder.decode()
      } catch {
        throw new CsvFileError(byteLines + 1, `${MIXED} (fin de fichier tronquée)`)
      }
    seen.encoding = encoding === 'windows-1252' ? 'windows-1252' : 'utf-8'
    const batch = records(partial + rest, true)
    if (batch.length) yield batch
  } finally {
    source.destroy()
    await file.close().catch(() => {})
  }
}

function frenchCsvError(code: Papa.ParseError['code']): string {
  switch (code) {
    case 'MissingQuotes':
      return 'guillemet ouvert jamais fermé'
    case 'InvalidQuotes':
      return 'guillemet fermant suivi d’autre chose que le séparateur'
    default:
      return `erreur de lecture (${code})`
  }
}
