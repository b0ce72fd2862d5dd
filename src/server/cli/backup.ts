// `npm run backup [-- FILE]`: a consistent logical backup of Silo's database (the embedded one
// in DATA_DIR, running or not, or DATABASE_URL's) to FILE, by default a dated file in BACKUP_DIR
// (./backups). See README, "Backups", and src/server/db/backup.ts for the format.
import { mkdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import pg from 'pg'
import { loadConfig } from '../config'
import { writeBackup } from '../db/backup'
import { withDatabase } from './database-target'

const config = loadConfig()
const stamp = new Date().toISOString().replace(/:/g, '-').replace(/\..*/, '')
const file = resolve(process.argv[2] ?? `${process.env.BACKUP_DIR ?? 'backups'}/silo-${stamp}.jsonl.gz`)
try {
  mkdirSync(dirname(file), { recursive: true })
  const done = await withDatabase(config, 'read', async (url) => {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      return await writeBackup(client, file)
    } finally {
      await client.end()
    }
  })
  console.log(`Sauvegarde écrite : ${file} (${done.tables} tables, ${done.rows} lignes)`)
} catch (err) {
  console.error(`Échec de la sauvegarde : ${(err as Error).message}`)
  process.exitCode = 1
}
