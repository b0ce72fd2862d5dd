// `npm run import-pglite -- OLD_DIR`: carries a PGlite database (the embedded database of Silo up
// to version 27) over to the embedded PostgreSQL of DATA_DIR. PGlite is no longer a dependency:
// install it for the time of the import (npm install --no-save @electric-sql/pglite@0.5). The
// rows are read into a backup file (kept in BACKUP_DIR, ./backups) and restored from it.
import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { loadConfig } from '../config'
import { writeBackup, type Queryable } from '../db/backup'
import { backupKeyForWriting } from '../db/backup-key'
import { restoreBackup } from '../db/restore'
import { withDatabase } from './database-target'

interface PgliteModule {
  PGlite: new (dir: string) => Queryable & { close(): Promise<void> }
}

const from = process.argv[2]
if (!from) {
  console.error('Usage: npm run import-pglite -- OLD_DIR (the former DATA_DIR, moved aside)')
  process.exit(2)
}
const config = loadConfig()
if (resolve(from) === config.dataDir) {
  console.error(
    `Move the PGlite folder aside first (mv ${from} ${from}-pglite), then: npm run import-pglite -- ${from}-pglite`,
  )
  process.exit(2)
}
// A variable name: PGlite is not a dependency, and TypeScript must not look for it.
const name = '@electric-sql/pglite'
let pglite: PgliteModule
try {
  pglite = (await import(name)) as PgliteModule
} catch {
  console.error(
    'PGlite is needed to read the old database: npm install --no-save @electric-sql/pglite@0.5, then run this again.',
  )
  process.exit(2)
}
try {
  const dir = resolve(process.env.BACKUP_DIR ?? 'backups')
  mkdirSync(dir, { recursive: true })
  const file = `${dir}/pglite-import-${new Date().toISOString().replace(/:/g, '-').replace(/\..*/, '')}.jsonl.gz`
  // Signed with the backup key like any backup (the file is kept): created beside DATA_DIR if missing.
  const key = backupKeyForWriting(config)
  if (key.notice) console.error(key.notice)
  const old = new pglite.PGlite(resolve(from))
  try {
    const read = await writeBackup(old, file, key.bytes)
    console.log(`PGlite lue : ${read.tables} tables, ${read.rows} lignes (${file})`)
  } finally {
    await old.close()
  }
  const done = await withDatabase(config, 'write', (url) =>
    restoreBackup(url, file, { key: key.bytes, acceptUnsigned: false }),
  )
  console.log(`Import terminé : ${done.rows} lignes dans ${config.databaseUrl ? 'DATABASE_URL' : config.dataDir}`)
} catch (err) {
  console.error(`Import failed: ${(err as Error).message}`)
  process.exitCode = 1
}
