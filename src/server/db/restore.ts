// Restores a backup (backup.ts) into the empty database at url: read whole and checked first
// (its checksum: a cut or altered file is refused before anything is written), then the database
// migrated to the backup's level, filled in one transaction, and migrated to this version of Silo.
import pg from 'pg'
import { appliedMigrations, assertEmpty, migrationsUpTo, restoreRows } from './backup'
import { BackupRefused, verifyBackup } from './backup-format'
import { migrationsFolder, openDatabase } from './client'

async function migrate(url: string, folder?: string) {
  const opened = await openDatabase({ databaseUrl: url, migrationsFolder: folder })
  await opened.close()
}

export async function restoreBackup(url: string, file: string): Promise<{ rows: number }> {
  const header = await verifyBackup(file)
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await assertEmpty(client)
    const applied = await appliedMigrations(client)
    if (applied.length > 0 && applied.join() !== header.migrations.join()) {
      throw new BackupRefused(
        'La base de destination a été migrée par une autre version de Silo que la sauvegarde : restaurez dans un DATA_DIR vide (ou une base neuve).',
      )
    }
    const partial = migrationsUpTo(migrationsFolder, header.migrations)
    try {
      await migrate(url, partial.folder)
    } finally {
      partial.cleanup()
    }
    const restored = await restoreRows(client, file)
    await migrate(url)
    return restored
  } finally {
    await client.end()
  }
}
