// The import's tests (issue 40): a migrated, empty database of their own on each backend (the
// embedded cluster, and DATABASE_URL's server when set), the row counts of every table the import
// writes, and small folders of the synthetic cooperative.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { openDatabase } from '../../../src/server/db/client'
import { TARGETS } from '../../../src/server/import/targets'
import { scaled, writeCooperative } from '../../../src/server/seed/cooperative'
import { createPostgresDatabase, databaseUrl, embeddedUrl } from './databases'

export const importBackends = [
  { name: 'embedded', url: embeddedUrl },
  ...(databaseUrl ? [{ name: 'postgres', url: databaseUrl }] : []),
]

/** A migrated database with no rows (no demo seed): what a cooperative starts from. */
export async function emptyDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const created = await createPostgresDatabase(serverUrl)
  const opened = await openDatabase({ databaseUrl: created.url })
  await opened.close()
  return created
}

/** Every table the import writes, list children included. */
export const TABLES = [
  ...new Set([
    ...[...TARGETS.values()].map((t) => t.table),
    'batiment_types_silo',
    'tranche_articles',
    'commande_ligne_supplementations',
  ]),
]

/** Rows per table the import writes, and a checksum of their contents: equal means unchanged. */
export async function snapshot(url: string): Promise<Record<string, string>> {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    const out: Record<string, string> = {}
    for (const table of TABLES) {
      const { rows } = await c.query<{ n: string; h: string | null }>(
        `select count(*) as n, md5(string_agg(md5(t::text), '' order by md5(t::text))) as h from ${table} t`,
      )
      out[table] = `${rows[0]!.n}:${rows[0]!.h ?? ''}`
    }
    return out
  } finally {
    await c.end()
  }
}

/** Every key, foreign key and index of Silo's tables, as PostgreSQL prints them. */
export async function schemaOf(url: string): Promise<string[]> {
  const rows = await query<{ line: string }>(
    url,
    `select conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) as line
       from pg_constraint where connamespace = 'public'::regnamespace
     union all
     select indexdef from pg_indexes where schemaname = 'public'`,
  )
  return rows.map((r) => r.line).sort()
}

export async function query<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []) {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    return (await c.query<T>(sql, params)).rows
  } finally {
    await c.end()
  }
}

/** A temporary folder, removed by the returned function. */
export function tempFolder(prefix: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), `silo-import-${prefix}-`))
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

/** The synthetic cooperative of `membres` members, written once per test file into `dir`. */
export async function smallCooperative(dir: string, membres = 20, graine = 40): Promise<string> {
  await writeCooperative(dir, scaled(membres, { graine }))
  return dir
}

export function copyFolder(from: string, to: string): string {
  cpSync(from, to, { recursive: true })
  return to
}

/** Appends rows (cells joined with ';') to a file; returns the line number of each. */
export function appendRows(file: string, rows: string[][]): number[] {
  const text = readFileSync(file, 'utf8')
  const before = text.split('\n').filter((l) => l !== '').length
  writeFileSync(file, text + rows.map((r) => `${r.join(';')}\n`).join(''))
  return rows.map((_, i) => before + i + 1)
}

/** Keeps the header and the lines for which `keep` is true. */
export function filterRows(file: string, keep: (cells: string[]) => boolean): void {
  const [head, ...lines] = readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l !== '')
  writeFileSync(file, [head, ...lines.filter((l) => keep(l.split(';')))].map((l) => `${l}\n`).join(''))
}
