// The file format of Silo's backups (backup.ts writes and restores them): gzipped JSON lines, a
// header, then per table a line {"table", "rows"} followed by that many rows. Version 3 (signed):
//
//   {"format":"silo-backup","version":3,…,"signature":{"algorithm":"HMAC-SHA-256","keyId":…,"salt":…},
//    "encryptedTables":["server_secrets"]}
//   … the rows of an encrypted table are lines {"chiffre":"…"} (AES-256-GCM, backup-crypto.ts) …
//   {"end":"silo-backup","lines":N,"hmac":"…"}
//
// the HMAC-SHA-256, under a key derived from the backup key (backup-key.ts, never in the backup),
// of the N lines before it (each with its "\n", as written, before compression). Whoever changes a
// line cannot sign again without that key. A backup is refused, before anything is written to the
// database (and again while the rows go in, in one transaction rolled back), when it is cut short,
// altered, signed with another key, or of an older format (1: no check; 2: a SHA-256 anyone can
// recompute) — unless the operator accepts an unverified file on purpose (acceptUnsigned, the
// restore's --accepter-non-signe): a version 1 or 2 file is then read as before (version 2's
// SHA-256 still checked), and a version 3 file whose key is not here is read without its
// encrypted tables (the server's secrets: new ones are made). A file signed with this very key
// that does not verify is refused even then: it was altered.
import { createHash, timingSafeEqual, type Hash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { pipeline } from 'node:stream'
import { createGunzip } from 'node:zlib'
import { keyId, lineSigner, rowSealer, type RowSealer } from './backup-crypto'

export interface TableInfo {
  name: string
  columns: string[]
}
export interface Header {
  format: 'silo-backup'
  version: 1 | 2 | 3
  createdAt: string
  migrations: string[]
  tables: TableInfo[]
  sequences: { name: string; value: string | null }[]
  /** Version 3: the id of the key that signed it and this backup's salt (backup-crypto.ts). */
  signature?: { algorithm: 'HMAC-SHA-256'; keyId: string; salt: string }
  /** Version 3: the tables whose rows are encrypted. */
  encryptedTables?: string[]
}
export const BACKUP_VERSION = 3
/** The tables a backup holds encrypted: the server's keys (auth/server-secret.ts). */
export const ENCRYPTED_TABLES = ['server_secrets']

interface Trailer {
  end: 'silo-backup'
  lines: number
  sha256?: string
  hmac?: string
}

/** A backup that must not be restored: its message is for the operator, in French. */
export class BackupRefused extends Error {}

export interface ReadOptions {
  /** The backup key (backup-key.ts), null when none is configured here. */
  key: Buffer | null
  /** The operator accepts, on purpose, a file whose signature cannot be checked. */
  acceptUnsigned: boolean
  /** Where the key is looked for, for the messages (backup-key.ts keyPlaces). */
  keyPlaces?: string
}

export type BackupRecord =
  | { kind: 'header'; header: Header }
  | { kind: 'table'; table: TableInfo; rows: number; skipped: boolean }
  | { kind: 'row'; table: TableInfo; row: unknown }

/** How a backup was checked, once read whole. */
export interface Checked {
  header: Header
  /** 'signature': signed with this key and verified; 'checksum': version 2 accepted unsigned
   * (its SHA-256 checked); 'none': accepted with nothing verified. */
  verified: 'signature' | 'checksum' | 'none'
  /** The rows left out: encrypted tables this key cannot open (accepted unsigned only). */
  skipped: { table: string; rows: number }[]
  rows: number
}

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

const ACCEPT_HINT =
  'Si vous êtes sûr de sa provenance, relancez avec --accepter-non-signe (restauration sans vérification).'

interface Trust {
  verified: Checked['verified']
  /** Hashes or signs the lines; null: nothing to check at the end (version 1, or unverified). */
  hasher: { add(line: string): void; done(trailer: Trailer): string | null } | null
  sealer: RowSealer | null
  encrypted: Set<string>
}

const sameHex = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'))

/** What this header lets us check, or why it is refused. */
function trustOf(file: string, value: unknown, opts: ReadOptions): { header: Header; trust: Trust } {
  const h = value as Partial<Header> | null
  if (h?.format !== 'silo-backup' || (h.version !== 1 && h.version !== 2 && h.version !== 3))
    throw new BackupRefused(`${file} n'est pas une sauvegarde de Silo (ou vient d'une version plus récente).`)
  const header = h as Header
  if (!Array.isArray(header.tables))
    throw new BackupRefused(`La sauvegarde ${file} est altérée (son en-tête est incomplet).`)
  if (header.version < 3) {
    if (!opts.acceptUnsigned)
      throw new BackupRefused(
        `La sauvegarde ${file} n'est pas signée (format ${header.version}, antérieur aux sauvegardes signées) : rien ne garantit qu'elle n'a pas été modifiée. ${ACCEPT_HINT}`,
      )
    if (header.version === 1)
      return { header, trust: { verified: 'none', hasher: null, sealer: null, encrypted: new Set() } }
    const hash: Hash = createHash('sha256')
    let lines = 0
    const hasher = {
      add: (line: string) => {
        hash.update(line)
        lines++
      },
      done: (t: Trailer) =>
        t.lines === lines && typeof t.sha256 === 'string' && sameHex(t.sha256, hash.digest('hex'))
          ? null
          : 'sa somme de contrôle SHA-256 ne correspond plus',
    }
    return { header, trust: { verified: 'checksum', hasher, sealer: null, encrypted: new Set() } }
  }
  const sig = header.signature
  if (
    sig?.algorithm !== 'HMAC-SHA-256' ||
    typeof sig.keyId !== 'string' ||
    typeof sig.salt !== 'string' ||
    !Array.isArray(header.encryptedTables)
  )
    throw new BackupRefused(`La sauvegarde ${file} est altérée (son en-tête ne décrit plus sa signature).`)
  const encrypted = new Set(header.encryptedTables.map(String))
  const ours = opts.key ? keyId(opts.key) : null
  if (ours !== sig.keyId) {
    if (!opts.acceptUnsigned)
      throw new BackupRefused(
        ours
          ? `La sauvegarde ${file} est signée avec une autre clé (empreinte ${sig.keyId}, celle d'ici : ${ours}) : sa signature ne peut pas être vérifiée. Donnez la clé qui l'a écrite (${opts.keyPlaces ?? 'BACKUP_KEY'}). ${ACCEPT_HINT}`
          : `La sauvegarde ${file} est signée, mais aucune clé de sauvegarde n'est configurée ici (${opts.keyPlaces ?? 'BACKUP_KEY'}) : sa signature ne peut pas être vérifiée. Donnez la clé qui l'a écrite (empreinte ${sig.keyId}). ${ACCEPT_HINT}`,
      )
    return { header, trust: { verified: 'none', hasher: null, sealer: null, encrypted } }
  }
  const signer = lineSigner(opts.key!, sig.salt)
  const hasher = {
    add: (line: string) => signer.add(line),
    done: (t: Trailer) => {
      if (typeof t.hmac !== 'string') return 'sa dernière ligne ne porte pas de signature'
      return t.lines === signer.lines() && sameHex(t.hmac, signer.hex()) ? null : 'sa signature ne correspond plus'
    },
  }
  return { header, trust: { verified: 'signature', hasher, sealer: rowSealer(opts.key!, sig.salt), encrypted } }
}

/**
 * Reads a backup: its header first, then each table's line and its rows (decrypted; the rows of a
 * table that cannot be decrypted, when accepted unverified, are left out). Once the last line is
 * read, the trailer is checked: a missing or mismatched one throws then. `checked` holds the
 * outcome once the records are read whole.
 */
export function readBackup(file: string, opts: ReadOptions) {
  const outcome: { checked: Checked | null } = { checked: null }
  async function* records(): AsyncGenerator<BackupRecord> {
    let header: Header | null = null
    let trust: Trust | null = null
    let count = 0
    let trailer: Trailer | null = null
    let table: TableInfo | null = null
    let left = 0
    let skipping = false
    let rows = 0
    const skipped: Checked['skipped'] = []
    for await (const line of textLines(file)) {
      if (trailer) throw new BackupRefused(`La sauvegarde ${file} a des lignes après sa fin.`)
      let value: unknown
      try {
        value = JSON.parse(line)
      } catch {
        throw new BackupRefused(`La sauvegarde ${file} est altérée (ligne ${count + 1} illisible).`)
      }
      if (!header || !trust) {
        ;({ header, trust } = trustOf(file, value, opts))
        trust.hasher?.add(`${line}\n`)
        count++
        yield { kind: 'header', header }
        continue
      }
      if (header.version >= 2 && (value as Partial<Trailer> | null)?.end === 'silo-backup') {
        trailer = value as Trailer
        continue
      }
      trust.hasher?.add(`${line}\n`)
      count++
      if (left === 0) {
        const next = value as { table?: unknown; rows?: unknown } | null
        table = header.tables.find((t) => t.name === next?.table) ?? null
        if (!table || !Number.isInteger(next?.rows) || (next!.rows as number) < 0)
          throw new BackupRefused(`La sauvegarde ${file} est altérée (table ${String(next?.table)} inconnue).`)
        left = next!.rows as number
        skipping = trust.encrypted.has(table.name) && !trust.sealer
        if (skipping && left > 0) skipped.push({ table: table.name, rows: left })
        yield { kind: 'table', table, rows: left, skipped: skipping }
        continue
      }
      left--
      if (skipping) continue
      let row = value
      if (trust.encrypted.has(table!.name)) {
        const sealed = (value as { chiffre?: unknown } | null)?.chiffre
        row = typeof sealed === 'string' ? trust.sealer!.open(table!.name, sealed) : null
        if (row === null)
          throw new BackupRefused(
            `La sauvegarde ${file} a été modifiée (une ligne chiffrée de la table ${table!.name} ne se déchiffre pas).`,
          )
      }
      rows++
      yield { kind: 'row', table: table!, row }
    }
    if (!header || !trust) throw new BackupRefused(`La sauvegarde ${file} est vide.`)
    if (left !== 0)
      throw new BackupRefused(
        `La sauvegarde ${file} est incomplète (il manque ${left} lignes de la table ${table?.name}).`,
      )
    if (header.version >= 2 && trust.hasher) {
      if (!trailer) throw new BackupRefused(`La sauvegarde ${file} est incomplète (sa fin manque).`)
      const wrong = trust.hasher.done(trailer)
      if (wrong) throw new BackupRefused(`La sauvegarde ${file} a été modifiée (${wrong}).`)
    }
    outcome.checked = { header, verified: trust.verified, skipped, rows }
  }
  return {
    records,
    /** The outcome, once records() has been read to its end. */
    checked: () => {
      if (!outcome.checked) throw new Error('backup not read whole')
      return outcome.checked
    },
  }
}

/** Reads and checks the whole backup before anything is restored. */
export async function verifyBackup(file: string, opts: ReadOptions): Promise<Checked> {
  const reader = readBackup(file, opts)
  for await (const record of reader.records()) void record
  return reader.checked()
}

/** What the operator must be told of a backup restored without its signature verified (loud). */
export function unverifiedWarning(file: string, checked: Checked): string | null {
  if (checked.verified === 'signature') return null
  const lines = [
    `ATTENTION : sauvegarde restaurée SANS VÉRIFICATION DE SIGNATURE, à votre demande (--accepter-non-signe) : ${file}`,
    checked.header.version < 3
      ? `  Elle est du format ${checked.header.version}, antérieur aux sauvegardes signées${checked.verified === 'checksum' ? ' (seule sa somme SHA-256, que chacun peut recalculer, a été vérifiée)' : ' (rien n’a été vérifié)'}.`
      : `  Elle est signée avec une clé qui n’est pas celle d’ici : sa signature n’a pas été vérifiée.`,
    "  Quiconque a pu modifier ce fichier a pu y ajouter ou y changer des lignes (comptes du personnel, droits, commandes) : vérifiez les comptes (table users) avant d'ouvrir Silo.",
  ]
  for (const s of checked.skipped)
    lines.push(
      `  ${s.rows} lignes de la table ${s.table} (les clés du serveur, chiffrées avec l’autre clé) n'ont pas été restaurées : Silo en crée de nouvelles. Les travaux scellés sur les appareils ne pourront plus être ouverts, les appareils refont leur copie hors connexion, les preuves de choix d'adhérent en cours sont refusées.`,
    )
  lines.push('  Faites maintenant une sauvegarde signée : npm run backup')
  return lines.join('\n')
}
