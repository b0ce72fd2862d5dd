// Restores a backup (backup.ts) into the empty database at url: read whole and checked first (its
// signature under the backup key, backup-format.ts: a cut, altered, unsigned or foreign file is
// refused before anything is written), then the database migrated to the backup's level, filled in
// one transaction (the file checked again as it goes in), and migrated to this version of Silo.
import pg from 'pg'
import { appliedMigrations, assertEmpty, migrationsUpTo, restoreRows } from './backup'
import { BackupRefused, verifyBackup, type Checked, type ReadOptions } from './backup-format'
import { migrationsFolder, openDatabase } from './client'

async function migrate(url: string, folder?: string) {
  const opened = await openDatabase({ databaseUrl: url, migrationsFolder: folder })
  await opened.close()
}

/**
 * `checked`: the outcome of a verifyBackup(file, opts) the caller has just made (the CLI checks
 * before starting any PostgreSQL); without it the file is verified here first.
 */
export async function restoreBackup(
  url: string,
  file: string,
  opts: ReadOptions,
  checked?: Checked,
): Promise<{ rows: number; checked: Checked }> {
  const verified = checked ?? (await verifyBackup(file, opts))
  const { header } = verified
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
    // A file verified as signed must still be signed when read again (not swapped meanwhile).
    const again = verified.verified === 'signature' ? { ...opts, acceptUnsigned: false } : opts
    const restored = await restoreRows(client, file, again)
    await migrate(url)
    return { rows: restored.rows, checked: verified }
  } finally {
    await client.end()
  }
}
