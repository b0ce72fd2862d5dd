// Issue 40: the import's one definition per kind of file (src/contract/import) against the rest:
// docs/import.md says exactly what the definitions say (npm run import:docs); every example row
// of the documentation is valid, and the example files import into the demo cooperative (then
// again with 0 changes, through every path of the merge); every kind's target names real tables,
// columns and unique keys.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { DOC, END, renderReference, START } from '../../scripts/import-docs'
import { rowSchema } from '../../src/contract/import/kind'
import { KINDS, kindOfFile } from '../../src/contract/import/kinds'
import { openDatabase } from '../../src/server/db/client'
import { runImport } from '../../src/server/import/run'
import { snake } from '../../src/server/import/target'
import { TARGETS } from '../../src/server/import/targets'
import { seedDemo } from '../../src/server/seed/index'
import { createPostgresDatabase, TEST_TODAY } from './support/databases'
import { emptyDatabase, importBackends, query, tempFolder } from './support/import'

// Imports and child processes on a shared 2-core machine: minutes, not the default 30 s.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 })

describe('the kinds of files', () => {
  it('docs/import.md holds the reference the definitions give (run npm run import:docs)', () => {
    const doc = readFileSync(DOC, 'utf8')
    expect(doc.slice(doc.indexOf(START), doc.indexOf(END) + END.length)).toBe(renderReference())
  })

  it('every example row is valid, with every column', () => {
    for (const k of KINDS) {
      const columns = Object.keys(k.colonnes)
      expect(k.exemples.length, k.fichier).toBeGreaterThan(0)
      for (const row of k.exemples) {
        expect(row, k.fichier).toHaveLength(columns.length)
        const parsed = v.safeParse(rowSchema(k, columns), Object.fromEntries(columns.map((c, i) => [c, row[i]])))
        expect(parsed.issues?.map((i) => `${k.fichier}: ${i.message}`) ?? [], k.fichier).toEqual([])
      }
    }
  })

  it('every kind has a target, and its references name kinds and their columns', () => {
    expect([...TARGETS.keys()].sort()).toEqual(KINDS.map((k) => k.fichier).sort())
    for (const t of TARGETS.values()) {
      const kind = kindOfFile(t.fichier)!
      for (const ref of t.refs) {
        const to = kindOfFile(ref.to)
        expect(to, `${t.fichier} → ${ref.to}`).toBeDefined()
        for (const c of ref.columns) expect(Object.keys(kind.colonnes), t.fichier).toContain(c)
        for (const c of ref.key ?? to!.cle) expect(Object.keys(to!.colonnes), ref.to).toContain(c)
        expect(KINDS.indexOf(to!), `${ref.to} is merged before ${t.fichier}`).toBeLessThan(KINDS.indexOf(kind))
      }
    }
  })
})

describe.each(importBackends)('the targets in the database ($name)', ({ url: serverUrl }) => {
  let db: { url: string; drop(): Promise<void> }
  beforeAll(async () => {
    db = await emptyDatabase(serverUrl)
  })
  afterAll(() => db.drop())

  it('name tables and columns that exist, and unique keys for ON CONFLICT', async () => {
    const cols = await query<{ t: string; c: string }>(
      db.url,
      `select table_name as t, column_name as c from information_schema.columns where table_schema = 'public'`,
    )
    const has = (t: string, c: string) => cols.some((r) => r.t === t && r.c === c)
    const uniques = await query<{ t: string; cols: string[] }>(
      db.url,
      `select i.indrelid::regclass::text as t,
              array(select a.attname::text from unnest(i.indkey) k(n) join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.n) as cols
         from pg_index i where i.indisunique`,
    )
    for (const t of TARGETS.values()) {
      const kind = kindOfFile(t.fichier)!
      for (const name of Object.keys(kind.colonnes)) {
        const column = t.rename?.[name] === undefined ? snake(name) : t.rename[name]
        if (column) expect(has(t.table, column), `${t.fichier}: ${t.table}.${column}`).toBe(true)
      }
      for (const column of Object.keys(t.derived ?? {})) expect(has(t.table, column), `${t.table}.${column}`).toBe(true)
      for (const child of t.children ?? []) {
        expect(has(child.table, child.parent) && has(child.table, child.element), child.table).toBe(true)
      }
      if (t.conflict) {
        const key = [...t.conflict].sort()
        expect(
          uniques.some((u) => u.t === t.table && [...u.cols].sort().join() === key.join()),
          `${t.table} unique (${key})`,
        ).toBe(true)
      } else expect(t.match, t.fichier).toBeDefined()
    }
  })
})

describe.each(importBackends)('the documentation’s example files ($name)', ({ url: serverUrl }) => {
  let db: { url: string; drop(): Promise<void> }
  const folder = tempFolder('examples')
  beforeAll(async () => {
    db = await createPostgresDatabase(serverUrl)
    const opened = await openDatabase({ databaseUrl: db.url })
    try {
      await seedDemo(opened.db, { today: TEST_TODAY })
    } finally {
      await opened.close()
    }
    for (const k of KINDS) {
      const lines = [Object.keys(k.colonnes), ...k.exemples].map((r) => r.join(';'))
      writeFileSync(join(folder.dir, k.fichier), `${lines.join('\n')}\n`)
    }
  })
  afterAll(async () => {
    folder.remove()
    await db.drop()
  })

  it('import into the demo cooperative, then again with 0 changes', async () => {
    const first = await runImport({ databaseUrl: db.url, folder: folder.dir })
    expect(first.errors).toEqual([])
    expect(first.status).toBe('importe')
    expect(first.files).toHaveLength(KINDS.length)
    const again = await runImport({ databaseUrl: db.url, folder: folder.dir })
    expect(again.files.filter((f) => f.inserted + f.updated > 0)).toEqual([])
    const [silos] = await query<{ codes: string[] }>(
      db.url,
      'select array_agg(code_type_silo order by code_type_silo) as codes from batiment_types_silo where num_batiment = 11',
    )
    expect(silos!.codes).toEqual(['001', '002', '010'])
  })
})
