// The file format of Silo's backups (backup.ts writes and restores them): gzipped JSON lines, a
// header, then per table a line {"table", "rows"} followed by that many rows. Version 2 ends with
//
//   {"end":"silo-backup","lines":N,"sha256":"…"}
//
// the SHA-256 of the N lines before it (each with its "\n", as written, before compression). A
// version 2 backup without that last line is cut short; one whose lines do not match it was
// altered: both are refused before anything is written to the database, and again while the rows
// go in (in one transaction, rolled back). Version 1 backups (before the checksum) are still read:
// gzip's own CRC and the row counts are all they have.
import { createHash, type Hash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { pipeline } from 'node:stream'
import { createGunzip } from 'node:zlib'

export interface TableInfo {
  name: string
  columns: string[]
}
export interface Header {
  format: 'silo-backup'
  version: 1 | 2
  createdAt: string
  migrations: string[]
  tables: TableInfo[]
  sequences: { name: string; value: string | null }[]
}
export const BACKUP_VERSION = 2

interface Trailer {
  end: 'silo-backup'
  lines: number
  sha256: string
}

/** Counts and hashes the lines written, for the trailer. */
export function lineHasher(): { add(line: string): void; trailer(): Trailer } {
  const hash: Hash = createHash('sha256')
  let lines = 0
  return {
    add(line) {
      hash.update(line)
      lines++
    },
    trailer: () => ({ end: 'silo-backup', lines, sha256: hash.digest('hex') }),
  }
}

/** A backup that must not be restored: its message is for the operator, in French. */
export class BackupRefused extends Error {}

/** The text lines of a gzipped file; a gzip or read error rejects (never an uncaught 'error'). */
async function* textLines(file: string): AsyncGenerator<string> {
  const gunzip = createGunzip()
  pipeline(createReadStream(file), gunzip, () => {})
  gunzip.setEncoding('utf8')
  let rest = ''
  try {
    for await (const chunk of gunzip as AsyncIterable<string>) {
      const parts = (rest + chunk).split('\n')
      rest = parts.pop()!
      yield* parts
    }
  } catch (err) {
    throw new BackupRefused(`La sauvegarde ${file} est illisible, coupée ou altérée (${(err as Error).message}).`)
  }
  if (rest) yield rest
}

/**
 * The records of a backup, header first, trailer left out. Once the last line is read, a
 * version 2 backup's count and SHA-256 are checked: a missing or mismatched trailer throws then.
 */
export async function* records(file: string): AsyncGenerator<unknown> {
  const hasher = lineHasher()
  let version = 0
  let count = 0
  let trailer: Trailer | null = null
  for await (const line of textLines(file)) {
    if (trailer) throw new BackupRefused(`La sauvegarde ${file} a des lignes après sa fin.`)
    let value: unknown
    try {
      value = JSON.parse(line)
    } catch {
      throw new BackupRefused(`La sauvegarde ${file} est altérée (ligne ${count + 1} illisible).`)
    }
    if (count === 0) {
      const h = value as Partial<Header> | null
      if (h?.format !== 'silo-backup' || (h.version !== 1 && h.version !== 2))
        throw new BackupRefused(`${file} n'est pas une sauvegarde de Silo (ou vient d'une version plus récente).`)
      version = h.version
    } else if (version >= 2 && (value as Partial<Trailer> | null)?.end === 'silo-backup') {
      trailer = value as Trailer
      continue
    }
    hasher.add(`${line}\n`)
    count++
    yield value
  }
  if (count === 0) throw new BackupRefused(`La sauvegarde ${file} est vide.`)
  if (version < 2) return
  if (!trailer) throw new BackupRefused(`La sauvegarde ${file} est incomplète (sa fin manque).`)
  const expected = hasher.trailer()
  if (trailer.lines !== expected.lines || trailer.sha256 !== expected.sha256)
    throw new BackupRefused(`La sauvegarde ${file} a été modifiée (sa somme de contrôle SHA-256 ne correspond plus).`)
}

/**
 * Reads the whole backup before anything is restored: its checksum (version 2), and for every
 * table the number of rows its line announces. Returns the header.
 */
export async function verifyBackup(file: string): Promise<Header> {
  let header: Header | null = null
  let table: { table: string; rows: number } | null = null
  let left = 0
  for await (const value of records(file)) {
    if (!header) header = value as Header
    else if (left > 0) left--
    else {
      table = value as { table: string; rows: number }
      if (!header.tables.some((t) => t.name === table!.table) || !Number.isInteger(table.rows))
        throw new BackupRefused(`La sauvegarde ${file} est altérée (table ${String(table.table)} inconnue).`)
      left = table.rows
    }
  }
  if (left !== 0)
    throw new BackupRefused(
      `La sauvegarde ${file} est incomplète (il manque ${left} lignes de la table ${table?.table}).`,
    )
  return header!
}
