// `npm run backup [-- FILE]`: a consistent logical backup of Silo's database (the embedded one
// in DATA_DIR, running or not, or DATABASE_URL's) to FILE, by default a dated file in BACKUP_DIR
// (./backups), signed with the backup key and the server's secrets encrypted under it
// (BACKUP_KEY, BACKUP_KEY_FILE, or <DATA_DIR>.backup-key created at the first backup). See
// docs/backups-and-secrets.md, and src/server/db/backup.ts for the format.
import { mkdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import pg from 'pg'
import { loadConfig } from '../config'
import { writeBackup } from '../db/backup'
import { keyId } from '../db/backup-crypto'
import { backupKeyForWriting } from '../db/backup-key'
import { withDatabase } from './database-target'

const config = loadConfig()
const stamp = new Date().toISOString().replace(/:/g, '-').replace(/\..*/, '')
const file = resolve(process.argv[2] ?? `${process.env.BACKUP_DIR ?? 'backups'}/silo-${stamp}.jsonl.gz`)
try {
  const key = backupKeyForWriting(config)
  if (key.notice) console.error(key.notice)
  mkdirSync(dirname(file), { recursive: true })
  const done = await withDatabase(config, 'read', async (url) => {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      return await writeBackup(client, file, key.bytes)
    } finally {
      await client.end()
    }
  })
  console.log(`Sauvegarde écrite : ${file} (${done.tables} tables, ${done.rows} lignes)`)
  console.log(`Signée avec la clé de ${key.where} (empreinte ${keyId(key.bytes)})`)
} catch (err) {
  console.error(`Échec de la sauvegarde : ${(err as Error).message}`)
  process.exitCode = 1
}
