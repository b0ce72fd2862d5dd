// Issue 49: a table filled from empty gets its rows by a COPY from the staging session to the
// merging one (merge.ts `pipedCopy`). When the table itself refuses a row on the way (here a CHECK
// the cooperative's DBA added, which the import's own checks know nothing of), the import ends
// with PostgreSQL's reason, writes nothing, and leaves no session stuck: the next import applies
// the folder whole.
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
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
    await expect(runImport({ databaseUrl: db.url, folder: heavy, bulkFrom: 1, pipedFrom: 1 })).rejects.toThrow(
      /import annulé, rien n’a été écrit : .*livree_moins_de_100/,
    )
    expect(await snapshot(db.url)).toEqual(before)
    const ok = await runImport({ databaseUrl: db.url, folder: coop, bulkFrom: 1, pipedFrom: 1 })
    expect(ok.errors).toEqual([])
    expect(ok.status).toBe('importe')
  })
})
