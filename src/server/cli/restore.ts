// `npm run restore -- [--accepter-non-signe] FILE`: restores a backup of `npm run backup` into an
// empty database: the embedded one of DATA_DIR (an empty or new folder; Silo stopped) or
// DATABASE_URL's. The file is read and checked whole first — its signature under the backup key
// (BACKUP_KEY, BACKUP_KEY_FILE or <DATA_DIR>.backup-key): a cut, altered, unsigned file, one signed
// with another key, or of a format older than the signed one, is refused before any database is
// started. --accepter-non-signe restores such a file all the same (not an altered one signed with
// this key), on purpose, and says so loudly. An error says why in one line (no stack), stops the
// PostgreSQL the command started, and exits with 1.
import { resolve } from 'node:path'
import { loadConfig } from '../config'
import { keyPlaces, readBackupKey } from '../db/backup-key'
import { unverifiedWarning, verifyBackup } from '../db/backup-format'
import { restoreBackup } from '../db/restore'
import { withDatabase } from './database-target'

const ACCEPT = '--accepter-non-signe'
const args = process.argv.slice(2)
const files = args.filter((a) => a !== ACCEPT)
if (files.length !== 1 || files[0]!.startsWith('--')) {
  console.error(
    `Usage : npm run restore -- [${ACCEPT}] FICHIER (une sauvegarde écrite par npm run backup ; ${ACCEPT} : restaurer sans vérifier sa signature, en connaissance de cause)`,
  )
  process.exit(2)
}
const file = resolve(files[0]!)
try {
  const config = loadConfig()
  const key = readBackupKey(config)
  if (key?.notice) console.error(key.notice)
  const opts = { key: key?.bytes ?? null, acceptUnsigned: args.includes(ACCEPT), keyPlaces: keyPlaces(config) }
  const checked = await verifyBackup(file, opts)
  const warning = unverifiedWarning(file, checked)
  if (warning) console.error(warning)
  const done = await withDatabase(config, 'write', (url) => restoreBackup(url, file, opts, checked))
  console.log(
    warning
      ? `Restauration terminée SANS VÉRIFICATION DE SIGNATURE : ${done.rows} lignes`
      : `Restauration terminée : ${done.rows} lignes (signature vérifiée ; sauvegarde du ${checked.header.createdAt})`,
  )
} catch (err) {
  console.error(`Restauration refusée : ${(err as Error).message}`)
  process.exitCode = 1
}
