// The backup key: what signs every backup (HMAC-SHA-256) and encrypts the server's secrets in it
// (AES-256-GCM), both under keys derived from it (backup-crypto.ts). It is never in the database,
// so a copied backup alone can neither be forged into an accepted one nor give the server's keys.
// Where it comes from, first found wins:
//
//   BACKUP_KEY        32 random bytes or more: hexadecimal (64+ hex digits) or base64/base64url
//                     (openssl rand -base64 32)
//   BACKUP_KEY_FILE   a file holding such a text (created at the first backup when missing)
//   <DATA_DIR>.backup-key   for the embedded database: a file beside DATA_DIR, not in it (moving
//                     DATA_DIR aside before a restore keeps it in place), created at the first
//                     backup with mode 0600
//
// With DATABASE_URL there is no DATA_DIR to sit beside: BACKUP_KEY or BACKUP_KEY_FILE is required.
import { randomBytes } from 'node:crypto'
import {
  closeSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs'
import { dirname } from 'node:path'
import type { Config } from '../config'

const MIN_KEY_BYTES = 32

/** A backup key that cannot be used: its message is for the operator, in French. */
export class BackupKeyError extends Error {}

export interface BackupKey {
  bytes: Buffer
  /** Where it came from, for messages: "BACKUP_KEY" or the file's path. */
  where: string
  /** A remark for the operator (the key file was just created, or others can read it). */
  notice: string | null
}

/** 32+ bytes from hexadecimal (64+ hex digits, even) or base64/base64url text. */
export function parseBackupKey(text: string, where: string): Buffer {
  const t = text.trim()
  let bytes: Buffer
  if (/^[0-9a-fA-F]+$/.test(t) && t.length % 2 === 0 && t.length >= 2 * MIN_KEY_BYTES) bytes = Buffer.from(t, 'hex')
  else if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(t)) bytes = Buffer.from(t, 'base64')
  else throw new BackupKeyError(`La clé de sauvegarde (${where}) n'est ni en hexadécimal ni en base64.`)
  if (bytes.length < MIN_KEY_BYTES)
    throw new BackupKeyError(
      `La clé de sauvegarde (${where}) est trop courte : ${bytes.length} octets, il en faut au moins ${MIN_KEY_BYTES} (openssl rand -base64 32).`,
    )
  return bytes
}

const MISSING_FOR_URL =
  'Avec DATABASE_URL, la clé des sauvegardes doit être donnée : BACKUP_KEY (32 octets aléatoires ou plus, en hexadécimal ou en base64 : openssl rand -base64 32) ou BACKUP_KEY_FILE (un fichier qui la contient, créé à la première sauvegarde s’il manque). Elle ne doit pas être dans la base sauvegardée : gardez-la hors de la base, et une copie hors de cette machine.'

function readKeyFile(path: string): BackupKey {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (err) {
    throw new BackupKeyError(`La clé de sauvegarde ${path} est illisible (${(err as NodeJS.ErrnoException).code}).`)
  }
  const mode = statSync(path).mode & 0o777
  return {
    bytes: parseBackupKey(text, path),
    where: path,
    notice:
      mode & 0o077
        ? `Attention : la clé de sauvegarde ${path} est lisible par d'autres comptes (mode ${mode.toString(8)}) : chmod 600 ${path}`
        : null,
  }
}

/** Writes a new key at path (0600), never over an existing one: a concurrent creation wins. */
function createKeyFile(path: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 })
  const aside = `${path}.${process.pid}.tmp`
  const fd = openSync(aside, 'wx', 0o600)
  try {
    writeSync(fd, `${randomBytes(MIN_KEY_BYTES).toString('base64url')}\n`)
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
  try {
    linkSync(aside, path) // fails if the file appeared meanwhile: that one is kept
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
  } finally {
    unlinkSync(aside)
  }
  const dir = openSync(dirname(path), 'r')
  try {
    fsyncSync(dir)
  } finally {
    closeSync(dir)
  }
}

/**
 * The key to restore with, or null when none is configured (a restore of a signed backup then
 * refuses, unless told to accept it unverified). Never creates one.
 */
export function readBackupKey(config: Pick<Config, 'backupKey' | 'backupKeyFile'>): BackupKey | null {
  if (config.backupKey)
    return { bytes: parseBackupKey(config.backupKey, 'BACKUP_KEY'), where: 'BACKUP_KEY', notice: null }
  if (!config.backupKeyFile) return null
  try {
    statSync(config.backupKeyFile)
  } catch {
    return null
  }
  return readKeyFile(config.backupKeyFile)
}

/** The key to back up with: BACKUP_KEY, or its file, created (0600) when missing. */
export function backupKeyForWriting(config: Pick<Config, 'backupKey' | 'backupKeyFile' | 'databaseUrl'>): BackupKey {
  const found = readBackupKey(config)
  if (found) return found
  if (!config.backupKeyFile) throw new BackupKeyError(MISSING_FOR_URL)
  createKeyFile(config.backupKeyFile)
  return {
    ...readKeyFile(config.backupKeyFile),
    notice: `Clé de sauvegarde créée : ${config.backupKeyFile} (mode 0600). Gardez-en une copie hors de cette machine : sans elle, une sauvegarde ne se restaure plus qu'avec --accepter-non-signe, sans vérification et sans les clés du serveur.`,
  }
}

/** Where a restore looks for the key, for its messages. */
export function keyPlaces(config: Pick<Config, 'backupKeyFile'>): string {
  return config.backupKeyFile ? `BACKUP_KEY, ou le fichier ${config.backupKeyFile}` : 'BACKUP_KEY ou BACKUP_KEY_FILE'
}
