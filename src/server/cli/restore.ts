// `npm run restore -- FILE`: restores a backup of `npm run backup` into an empty database: the
// embedded one of DATA_DIR (an empty or new folder; Silo stopped) or DATABASE_URL's. The file is
// read and checked whole first (a cut or altered backup is refused before any database is
// started); an error says why in one line (no stack), stops the PostgreSQL the command started,
// and exits with 1.
import { resolve } from 'node:path'
import { loadConfig } from '../config'
import { verifyBackup } from '../db/backup-format'
import { restoreBackup } from '../db/restore'
import { withDatabase } from './database-target'

const file = process.argv[2]
if (!file) {
  console.error('Usage : npm run restore -- FICHIER (une sauvegarde écrite par npm run backup)')
  process.exit(2)
}
try {
  await verifyBackup(resolve(file))
  const done = await withDatabase(loadConfig(), 'write', (url) => restoreBackup(url, resolve(file)))
  console.log(`Restauration terminée : ${done.rows} lignes`)
} catch (err) {
  console.error(`Restauration refusée : ${(err as Error).message}`)
  process.exitCode = 1
}
