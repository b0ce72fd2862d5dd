// Issue 49: a re-import of an unchanged folder (an ERP's nightly full snapshot) writes no row at
// all — not even a row lock, which PostgreSQL writes into the row (its xmax) and which would
// dirty every page of every table — and a row that did change is updated, alone.
import { join } from 'node:path'
import { readFileSync, writeFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { runImport, type ImportResult } from '../../src/server/import/run'
import {
  copyFolder,
  emptyDatabase,
  importBackends,
  query,
  smallCooperative,
  TABLES,
  tempFolder,
} from './support/import'

vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 })

const folder = tempFolder('unchanged')
let coop: string
beforeAll(async () => {
  coop = await smallCooperative(join(folder.dir, 'coop'), 20)
})
afterAll(() => folder.remove())

/**
 * Each row's place and the transaction that wrote it (xmin), per table; with `locks`, the last that
 * locked it too (xmax: a row a foreign key of a new row cites is locked by that insert, legitimately).
 */
async function versions(url: string, locks = false): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {}
  for (const table of TABLES) {
    const v = `ctid::text || ' ' || xmin${locks ? " || ' ' || xmax" : ''}`
    const rows = await query<{ v: string }>(url, `select ${v} as v from ${table}`)
    out[table] = rows.map((r) => r.v).sort()
  }
  return out
}

const written = (r: ImportResult) => r.files.reduce((n, f) => n + f.inserted + f.updated + f.removed, 0)

/** Rewrites one line of a file (1 = the first data line). */
function editLine(file: string, line: number, edit: (cells: string[]) => string[]) {
  const lines = readFileSync(file, 'utf8').split('\n')
  lines[line] = edit(lines[line]!.split(';')).join(';')
  writeFileSync(file, lines.join('\n'))
}

describe.each(importBackends)('a re-import of an unchanged folder ($name)', ({ url: serverUrl }) => {
  let db: { url: string; drop(): Promise<void> }
  beforeAll(async () => {
    db = await emptyDatabase(serverUrl)
    const first = await runImport({ databaseUrl: db.url, folder: coop })
    expect(first.errors).toEqual([])
  })
  afterAll(() => db.drop())

  it('writes no row, not even a lock, when it reads every file again (--relire)', async () => {
    const before = await versions(db.url, true)
    expect(Object.values(before).flat().length).toBeGreaterThan(5_000)
    const again = await runImport({ databaseUrl: db.url, folder: coop, relire: true })
    expect(again.files.some((f) => f.inchange)).toBe(false)
    expect(again.status).toBe('importe')
    expect(written(again)).toBe(0)
    expect(await versions(db.url, true)).toEqual(before)
  })

  it('updates the rows that changed, and only them', async () => {
    const dir = copyFolder(coop, join(folder.dir, `changed-${Math.random()}`))
    // A keyed row (ON CONFLICT), a row matched by its natural key (update then insert), a list child.
    editLine(join(dir, 'adresses.csv'), 1, (c) => [...c.slice(0, -1), 'Ville renommée'])
    // Instants: Paris time unless an offset is written (winter: UTC+1; summer: UTC+2).
    editLine(join(dir, 'etapes-commande.csv'), 1, (c) => [c[0]!, c[1]!, c[2]!, '01/01/2024 08:00', ...c.slice(4)])
    editLine(join(dir, 'etapes-commande.csv'), 2, (c) => [c[0]!, c[1]!, c[2]!, '2024-07-01T08:00:00Z', ...c.slice(4)])
    editLine(join(dir, 'commandes.csv'), 1, (c) => [c[0]!, c[1]!, '15/07/2024 10:30', ...c.slice(3)])
    editLine(join(dir, 'batiments.csv'), 1, (c) => [...c.slice(0, -1), '001'])
    const [adresse] = readFileSync(join(dir, 'adresses.csv'), 'utf8').split('\n').slice(1, 2)
    const [numTiers, numAdr] = adresse!.split(';')
    const before = await versions(db.url)

    const r = await runImport({ databaseUrl: db.url, folder: dir })
    expect(r.errors).toEqual([])
    const counts = Object.fromEntries(r.files.filter((f) => f.updated || f.inserted).map((f) => [f.fichier, f.updated]))
    expect(counts).toEqual({ 'adresses.csv': 1, 'etapes-commande.csv': 2, 'batiments.csv': 1, 'commandes.csv': 1 })
    expect(written(r)).toBe(5)
    const steps = readFileSync(join(dir, 'etapes-commande.csv'), 'utf8').split('\n').slice(1, 3)
    const at = await query<{ utc: string }>(
      db.url,
      `select to_char(e.at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as utc from commande_etapes e
         join commande_lignes l on l.id = e.ligne_id join commandes c on c.id = l.commande_id
        where (c.numero, l.id_ligne, e.etape) in (($1, $2, $3), ($4, $5, $6)) order by 1`,
      steps.flatMap((line) => line.split(';').slice(0, 3)),
    )
    expect(at.map((x) => x.utc)).toEqual(['2024-01-01 07:00', '2024-07-01 08:00'])
    const [order] = readFileSync(join(dir, 'commandes.csv'), 'utf8').split('\n').slice(1, 2)
    const [date] = await query<{ utc: string }>(
      db.url,
      `select to_char(date at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as utc from commandes where numero = $1`,
      [order!.split(';')[0]],
    )
    expect(date!.utc).toBe('2024-07-15 08:30')
    const [row] = await query<{ ville: string }>(
      db.url,
      'select ville from adresses where num_tiers = $1 and num_adr = $2',
      [numTiers, Number(numAdr)],
    )
    expect(row!.ville).toBe('Ville renommée')

    // Every other table's rows are as they were; in the three changed, one row each differs (the
    // building's storage places: rows removed, one added or kept).
    const after = await versions(db.url)
    const touched = { adresses: 1, commande_etapes: 2, commandes: 1 }
    for (const table of TABLES.filter((t) => !(t in touched) && t !== 'batiment_types_silo'))
      expect(after[table], table).toEqual(before[table])
    for (const [table, n] of Object.entries(touched)) {
      const gone = before[table]!.filter((v) => !after[table]!.includes(v))
      expect(gone, table).toHaveLength(n)
    }
  })
})
