// Issue 49: a file identical to the one last merged, into tables nobody wrote to since, is not read
// again (src/server/import/fingerprints.ts): a re-import of an unchanged cooperative costs its
// files' hashes. Anything that could make the file's rows differ from Silo's reads it again: a
// write to its tables (an update or delete; an insert after a --complet merge), a changed file it
// cites, a changed --complet mode.
import { join } from 'node:path'
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { tablesOf } from '../../src/server/import/fingerprints'
import { formatReport } from '../../src/server/import/report'
import { runImport, type ImportResult } from '../../src/server/import/run'
import { TARGETS } from '../../src/server/import/targets'
import {
  copyFolder,
  emptyDatabase,
  importBackends,
  query,
  smallCooperative,
  snapshot,
  tempFolder,
} from './support/import'

vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 })

const folder = tempFolder('fingerprints')
let coop: string
beforeAll(async () => {
  coop = await smallCooperative(join(folder.dir, 'coop'), 20)
})
afterAll(() => folder.remove())

const read = (r: ImportResult) =>
  r.files
    .filter((f) => !f.inchange)
    .map((f) => f.fichier)
    .sort()
const written = (r: ImportResult) => r.files.reduce((n, f) => n + f.inserted + f.updated + f.removed, 0)
/** The first data line of a file, split. */
const firstRow = (dir: string, file: string) => readFileSync(join(dir, file), 'utf8').split('\n')[1]!.split(';')

describe.each(importBackends)('an unchanged file is not read again ($name)', ({ url: serverUrl }) => {
  let db: { url: string; drop(): Promise<void> }
  let first: ImportResult
  beforeAll(async () => {
    db = await emptyDatabase(serverUrl)
    first = await runImport({ databaseUrl: db.url, folder: coop })
    expect(first.errors).toEqual([])
  })
  afterAll(() => db.drop())

  it('every table a file goes to notes its writes', async () => {
    const tables = [...TARGETS.keys()].flatMap(tablesOf)
    const rows = await query<{ t: string; n: number }>(
      db.url,
      `select c.relname as t, count(*)::int as n from pg_trigger g join pg_class c on c.oid = g.tgrelid
        where g.tgname like 'import_ecritures_%' group by c.relname`,
    )
    const triggers = Object.fromEntries(rows.map((r) => [r.t, r.n]))
    for (const t of tables) expect(triggers[t], t).toBe(3)
  })

  it('an unchanged folder: no file read, nothing written, the report says so', async () => {
    const before = await snapshot(db.url)
    const again = await runImport({ databaseUrl: db.url, folder: coop })
    expect(again.status).toBe('importe')
    expect(read(again)).toEqual([])
    expect(written(again)).toBe(0)
    // The rows each file holds are still counted.
    expect(again.files.map((f) => f.rows)).toEqual(first.files.map((f) => f.rows))
    expect(formatReport(again).join('\n')).toContain('non relu(s) (--relire pour tout relire)')
    expect(await snapshot(db.url)).toEqual(before)
  })

  it('a row changed in Silo: its file is read again and the row put back; an insert alone changes nothing', async () => {
    const [numTiers, numAdr, , , , , , ville] = firstRow(coop, 'adresses.csv')
    await query(db.url, `update adresses set ville = 'Modifiée à la main' where num_tiers = $1 and num_adr = $2`, [
      numTiers,
      Number(numAdr),
    ])
    // An order-like insert into a table whose file was not merged with --complet.
    await query(
      db.url,
      `insert into adresses (num_tiers, num_adr, etat, code_postal, ville) values ($1, 999, 'A', '35000', 'Rennes')`,
      [numTiers],
    )
    const again = await runImport({ databaseUrl: db.url, folder: coop })
    expect(again.errors).toEqual([])
    // adresses.csv, and the files that cite it (their checks and joins read its rows).
    expect(read(again)).toEqual(['adresses.csv', 'contraintes-livraison.csv', 'incompatibilites.csv'])
    const [row] = await query<{ ville: string }>(
      db.url,
      'select ville from adresses where num_tiers = $1 and num_adr = $2',
      [numTiers, Number(numAdr)],
    )
    expect(row!.ville).toBe(ville)
    expect(read(await runImport({ databaseUrl: db.url, folder: coop }))).toEqual([])
  })

  it('after a --complet merge, an extra row makes the file read again, and removed', async () => {
    const complet = { databaseUrl: db.url, folder: coop, complet: ['adresses.csv'] }
    // The last merge was not --complet: read again, the hand-made address removed.
    const r1 = await runImport(complet)
    expect(r1.errors).toEqual([])
    expect(read(r1)).toContain('adresses.csv')
    expect(r1.files.find((f) => f.fichier === 'adresses.csv')!.removed).toBe(1)
    expect(read(await runImport(complet))).toEqual([])
    const [numTiers] = firstRow(coop, 'adresses.csv')
    await query(
      db.url,
      `insert into adresses (num_tiers, num_adr, etat, code_postal, ville) values ($1, 998, 'A', '35000', 'Rennes')`,
      [numTiers],
    )
    const r2 = await runImport(complet)
    expect(r2.files.find((f) => f.fichier === 'adresses.csv')).toMatchObject({ removed: 1 })
    // A plain import after it: the --complet fingerprint holds for it too.
    expect(read(await runImport({ databaseUrl: db.url, folder: coop }))).toEqual([])
  })

  it('a changed file: it and the files citing it are read, the others not', async () => {
    const dir = copyFolder(coop, join(folder.dir, `changed-${Math.random()}`))
    const text = readFileSync(join(dir, 'articles.csv'), 'utf8')
    const { writeFileSync } = await import('node:fs')
    writeFileSync(join(dir, 'articles.csv'), text.replace(/\n$/, '\n\n'))
    const r = await runImport({ databaseUrl: db.url, folder: dir })
    expect(r.errors).toEqual([])
    const citing = [...TARGETS.values()].filter((t) => t.refs.some((ref) => ref.to === 'articles.csv'))
    for (const t of citing) expect(read(r), t.fichier).toContain(t.fichier)
    expect(read(r)).not.toContain('tiers.csv')
    expect(read(r)).not.toContain('livraisons.csv')
    expect(written(r)).toBe(0)
  })

  it('--relire reads every file', async () => {
    const r = await runImport({ databaseUrl: db.url, folder: coop, relire: true })
    expect(read(r)).toHaveLength(r.files.length)
    expect(written(r)).toBe(0)
  })
})
