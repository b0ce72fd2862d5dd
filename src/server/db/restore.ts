// Restores a backup (backup.ts) into the empty database at url: migrated to the backup's level,
// filled, then migrated to this version of Silo.
import pg from 'pg'
import { appliedMigrations, assertEmpty, migrationsUpTo, readHeader, restoreRows } from './backup'
import { migrationsFolder, openDatabase } from './client'

async function migrate(url: string, folder?: string) {
  const opened = await openDatabase({ databaseUrl: url, migrationsFolder: folder })
  await opened.close()
}

export async function restoreBackup(url: string, file: string): Promise<{ rows: number }> {
  const header = await readHeader(file)
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await assertEmpty(client)
    const applied = await appliedMigrations(client)
    if (applied.length > 0 && applied.join() !== header.migrations.join()) {
      throw new Error(
        'The target database was migrated by another version of Silo than the backup: restore into an empty DATA_DIR (or a new database).',
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
