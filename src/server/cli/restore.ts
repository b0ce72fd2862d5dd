// `npm run restore -- FILE`: restores a backup of `npm run backup` into an empty database: the
// embedded one of DATA_DIR (an empty or new folder; Silo stopped) or DATABASE_URL's.
import { resolve } from 'node:path'
import { loadConfig } from '../config'
import { restoreBackup } from '../db/restore'
import { withDatabase } from './database-target'

const file = process.argv[2]
if (!file) {
  console.error('Usage: npm run restore -- FILE (a backup written by npm run backup)')
  process.exit(2)
}
try {
  const done = await withDatabase(loadConfig(), 'write', (url) => restoreBackup(url, resolve(file)))
  console.log(`Restauration terminée : ${done.rows} lignes`)
} catch (err) {
  console.error(`Restore failed: ${(err as Error).message}`)
  process.exitCode = 1
}
