// Issue 49: a table filled from empty gets its rows by a COPY of the text written as its file was
// read (direct-copy.ts). When the table itself refuses a row on the way (here a CHECK the
// cooperative's DBA added, which the import's own checks know nothing of), the import ends with
// PostgreSQL's reason, writes nothing, and leaves no session stuck: the next import applies the
// folder whole. Those files go into a folder of the import's own, removed at its end, and by the
// next import after a kill; where none can be made, the rows go through their staging tables.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { runImport } from '../../src/server/import/run'
import {
  appendRows,
  copyFolder,
  emptyDatabase,
  importBackends,
  query,
  smallCooperative,
  snapshot,
  tempFolder,
} from './support/import'

vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 })

const folder = tempFolder('bulk-copy')
let coop: string
let heavy: string
beforeAll(async () => {
  coop = await smallCooperative(join(folder.dir, 'coop'), 20)
  heavy = copyFolder(coop, join(folder.dir, 'heavy'))
  appendRows(join(heavy, 'lignes-livraison.csv'), [['BL000000001', '93', '410001', '150', '1', '', '', '', '']])
})
afterAll(() => folder.remove())

describe.each(importBackends)('a row the table refuses as it is copied ($name)', ({ url: serverUrl }) => {
  let db: { url: string; drop(): Promise<void> }
  beforeAll(async () => {
    db = await emptyDatabase(serverUrl)
  })
  afterAll(() => db.drop())

  it('ends the import with the reason, writes nothing, and the next import goes through', async () => {
    await query(db.url, 'alter table livraison_lignes add constraint livree_moins_de_100 check (quantite_livree < 100)')
    const before = await snapshot(db.url)
    await expect(runImport({ databaseUrl: db.url, folder: heavy, bulkFrom: 1 })).rejects.toThrow(
      /import annulé, rien n’a été écrit : .*livree_moins_de_100/,
    )
    expect(await snapshot(db.url)).toEqual(before)
    const ok = await runImport({ databaseUrl: db.url, folder: coop, bulkFrom: 1 })
    expect(ok.errors).toEqual([])
    expect(ok.status).toBe('importe')
  })
})

describe.each(importBackends)('the direct files ($name)', ({ url: serverUrl }) => {
  let db: { url: string; drop(): Promise<void> }
  beforeEach(async () => {
    db = await emptyDatabase(serverUrl)
  })
  afterEach(() => db.drop())
  const mine = () => readdirSync(tmpdir()).filter((n) => n.startsWith(`silo-import-direct-${process.pid}-`))

  it('are removed after the import, and a killed import’s are removed by the next one', async () => {
    // A process that cannot exist (above Linux's pid_max) left its folder behind.
    const left = join(tmpdir(), 'silo-import-direct-4999999-kill9')
    mkdirSync(left, { recursive: true })
    writeFileSync(join(left, '0.copy'), 'BL1\t1\n')
    const log: string[] = []
    const result = await runImport({ databaseUrl: db.url, folder: coop, log: (l) => log.push(l) })
    expect(result.errors).toEqual([])
    expect(result.status).toBe('importe')
    expect(existsSync(left)).toBe(false)
    expect(mine()).toEqual([])
    expect(log.some((l) => l.includes('pas de dossier temporaire'))).toBe(false)
    // By an import that needs none too (the same folder again: nothing to read).
    mkdirSync(left, { recursive: true })
    expect((await runImport({ databaseUrl: db.url, folder: coop })).status).toBe('importe')
    expect(existsSync(left)).toBe(false)
  })

  it('go in frozen: the tables filled from empty are all-visible once imported, their foreign keys checked', async () => {
    expect((await runImport({ databaseUrl: db.url, folder: coop, bulkFrom: 1 })).status).toBe('importe')
    for (const table of ['livraisons', 'livraison_lignes', 'articles_commandables']) {
      // ANALYZE counts the pages the visibility map marks all-visible: without COPY … FREEZE, none
      // is until a vacuum, and the first readers write every page again (hint bits). With it, each
      // page COPY began empty (a page where one batch of rows ends and the next begins is not).
      await query(db.url, `analyze ${table}`)
      const [pages] = await query<{ relpages: number; relallvisible: number }>(
        db.url,
        'select relpages, relallvisible from pg_class where oid = $1::regclass',
        [table],
      )
      expect(pages!.relpages, table).toBeGreaterThan(0)
      expect(pages!.relallvisible, table).toBeGreaterThan(pages!.relpages / 2)
    }
    // The delivery lines against the deliveries checked by walking both keys (bulk.ts): both there, checked.
    const keys = await query<{ conname: string; convalidated: boolean }>(
      db.url,
      "select conname, convalidated from pg_constraint where conrelid = 'livraison_lignes'::regclass and contype = 'f' order by conname",
    )
    expect(keys).toEqual([
      { conname: 'livraison_lignes_num_article_articles_num_article_fk', convalidated: true },
      { conname: 'livraison_lignes_num_livraison_livraisons_num_livraison_fk', convalidated: true },
    ])
  })

  it('are skipped where no folder can be made: the same rows, through the staging tables', async () => {
    const withFiles = await emptyDatabase(serverUrl)
    try {
      expect((await runImport({ databaseUrl: withFiles.url, folder: coop, bulkFrom: 1 })).status).toBe('importe')
      const saved = process.env.TMPDIR
      process.env.TMPDIR = join(folder.dir, 'coop', 'tiers.csv') // a file, not a folder
      const log: string[] = []
      try {
        const result = await runImport({ databaseUrl: db.url, folder: coop, bulkFrom: 1, log: (l) => log.push(l) })
        expect(result.errors).toEqual([])
        expect(result.status).toBe('importe')
      } finally {
        if (saved === undefined) delete process.env.TMPDIR
        else process.env.TMPDIR = saved
      }
      expect(log.some((l) => l.includes('pas de dossier temporaire'))).toBe(true)
      // The same rows (an account's creation instant aside: now() at each import).
      const rows = async (url: string) => {
        const { users: _, ...others } = await snapshot(url)
        const accounts = await query(url, 'select username, display_name, email, roles from users order by username')
        return { others, accounts }
      }
      expect(await rows(db.url)).toEqual(await rows(withFiles.url))
    } finally {
      await withFiles.drop()
    }
  })
})
