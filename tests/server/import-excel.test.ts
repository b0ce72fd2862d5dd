// Issue 49: a folder as LibreOffice or Excel saves it in « CSV (séparateur : point-virgule) » —
// ';', CRLF, a BOM, decimal commas, dd/mm/yyyy, a trailing ';' on every line (the empty last
// column), spaces around the header's names (and the cells'), columns in another order — imports as
// the plain folder does. A file refused for its header, its encoding or for not being a regular file is ONE error,
// and each file citing it says in one line that its rows were not checked: no cascade.
import { readdirSync, readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { formatReport } from '../../src/server/import/report'
import { runImport, type ImportResult } from '../../src/server/import/run'
import { TARGETS } from '../../src/server/import/targets'
import { copyFolder, emptyDatabase, importBackends, query, smallCooperative, tempFolder } from './support/import'

// Imports on a shared 2-core machine: minutes, not the default 30 s.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 })

const folder = tempFolder('excel')
let coop: string
let excel: string
let copies = 0

/** The file's lines, each split on ';' (the generator quotes no cell). */
const rowsOf = (path: string) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => l.split(';'))

/** Every file of `from` as Excel saves it, its columns rotated by half (another order). */
function saveAsExcel(from: string, to: string): string {
  copyFolder(from, to)
  for (const name of readdirSync(to)) {
    const [header, ...rows] = rowsOf(join(to, name))
    const shift = Math.floor(header!.length / 2)
    const order = header!.map((_, i) => (i + shift) % header!.length)
    // tiers.csv's cells with spaces around them, and its empty cells as spaces alone: all trimmed.
    const pad = name === 'tiers.csv' ? (c: string) => ` ${c} ` : (c: string) => c
    const line = (cells: string[]) => `${order.map((i) => pad(cells[i]!)).join(';')};\r\n`
    const head = `${order.map((i) => ` ${header![i]} `).join(';')};\r\n`
    writeFileSync(join(to, name), `\uFEFF${head}${rows.map(line).join('')}`)
  }
  return to
}

function copyOfCoop(): string {
  return copyFolder(coop, join(folder.dir, `copy-${copies++}`))
}

/** Adds a column to a file (header and every row), as one forgotten in the ERP's export. */
function addColumn(path: string, name: string) {
  writeFileSync(
    path,
    rowsOf(path)
      .map((cells, i) => `${[...cells, i === 0 ? name : 'x'].join(';')}\n`)
      .join(''),
  )
}

/** The files of the cooperative that cite tiers.csv and have rows (incidents.csv may have none). */
const citingTiers = () =>
  [...TARGETS.values()]
    .filter((t) => t.refs.some((ref) => ref.to === 'tiers.csv') && readdirSync(coop).includes(t.fichier))
    .filter((t) => rowsOf(join(coop, t.fichier)).length > 1)
    .map((t) => t.fichier)
    .sort()

/** Errors other than `own`: each must be one line saying a citing file was not checked. */
function followOns(r: ImportResult, own: string, refused = 'tiers.csv') {
  const others = r.errors.filter((e) => !e.startsWith(`${own}`))
  for (const e of others)
    expect(e).toMatch(new RegExp(`^(\\S+) — \\d+ lignes? de \\1 non vérifiées? : ${refused} refusé$`))
  expect(r.errors.join('\n')).not.toMatch(/tiers inconnu|pas de tiers\.csv/)
  return others.map((e) => e.split(' ')[0])
}

beforeAll(async () => {
  coop = await smallCooperative(join(folder.dir, 'coop'), 20)
  excel = saveAsExcel(coop, join(folder.dir, 'excel'))
})
afterAll(() => folder.remove())

describe.each(importBackends)('a folder saved by Excel ($name)', ({ url: serverUrl }) => {
  let db: { url: string; drop(): Promise<void> }
  beforeAll(async () => {
    db = await emptyDatabase(serverUrl)
  })
  afterAll(() => db.drop())

  it('imports whole, and the plain folder imported after it changes nothing', async () => {
    const tranches = readFileSync(join(excel, 'tranches.csv'), 'utf8')
    expect(tranches).toMatch(/^\uFEFF [a-zA-Z]+ ;.*;\r\n/)
    expect(tranches).toMatch(/;\d+,\d+;/)
    expect(readFileSync(join(excel, 'contrats.csv'), 'utf8')).toMatch(/;\d\d\/\d\d\/\d{4};/)
    const r = await runImport({ databaseUrl: db.url, folder: excel })
    expect(r.errors).toEqual([])
    expect(r.status).toBe('importe')
    expect(r.files).toHaveLength(readdirSync(coop).length)
    for (const f of r.files) expect(f.inserted, f.fichier).toBe(f.rows)
    // The same rows as the plain folder's: importing it now inserts and updates nothing.
    const again = await runImport({ databaseUrl: db.url, folder: coop })
    expect(again.errors).toEqual([])
    expect(again.files.map((f) => [f.fichier, f.inserted, f.updated])).toEqual(r.files.map((f) => [f.fichier, 0, 0]))
    const [contract] = rowsOf(join(coop, 'contrats.csv')).slice(1)
    const [row] = await query<{ d: string; q: string }>(
      db.url,
      `select to_char(date_debut, 'DD/MM/YYYY') as d, qte_contrat::text as q from contrats where num_contrat = $1`,
      [contract![0]],
    )
    expect(row).toEqual({ d: contract![6], q: `${contract![8]}.000` })
  })

  it('refuses a file with an unknown column in ONE error listing its columns, and one line per file citing it', async () => {
    const dir = copyOfCoop()
    addColumn(join(dir, 'tiers.csv'), 'commentaire')
    const r = await runImport({ databaseUrl: db.url, folder: dir, verifier: true })
    expect(r.status).toBe('refuse')
    const own = r.errors.filter((e) => e.startsWith('tiers.csv'))
    expect(own).toEqual([
      'tiers.csv:1 — colonne inconnue « commentaire » : fichier refusé (colonnes de tiers.csv, dans n’importe quel ordre, ' +
        '* obligatoire : numTiers*, raisonSociale*, typeTiers*, numEntite*, email, region)',
    ])
    expect(followOns(r, 'tiers.csv').sort()).toEqual(citingTiers())
    expect(r.errorCount).toBe(r.errors.length)
  })

  it('refuses a file without a required column in one error naming it', async () => {
    const dir = copyOfCoop()
    const path = join(dir, 'tiers.csv')
    writeFileSync(
      path,
      rowsOf(path)
        .map((cells) => `${cells.filter((_, i) => i !== 2).join(';')}\n`)
        .join(''),
    )
    const r = await runImport({ databaseUrl: db.url, folder: dir, verifier: true })
    expect(r.errors.filter((e) => e.startsWith('tiers.csv'))).toEqual([
      expect.stringMatching(/^tiers\.csv:1 — colonne obligatoire absente « typeTiers » : fichier refusé \(colonnes de/),
    ])
    expect(followOns(r, 'tiers.csv').sort()).toEqual(citingTiers())
  })

  it('names the line of a value under the empty last column, and a record across lines by its first line', async () => {
    const dir = copyFolder(excel, join(folder.dir, `excel-${copies++}`))
    const path = join(dir, 'tiers.csv')
    const text = readFileSync(path, 'utf8')
    const lines = text.split('\r\n').filter((l) => l !== '')
    // Line 3 gets a value in the empty last column; line 4 a name quoted across two lines and a bad type.
    lines[2] = `${lines[2]}oublié`
    const cells = lines[3]!.split(';')
    const head = lines[0]!
      .replace('\uFEFF', '')
      .split(';')
      .map((h) => h.trim())
    cells[head.indexOf('raisonSociale')] = '"GAEC\r\nDES DEUX LIGNES"'
    cells[head.indexOf('typeTiers')] = 'XXX'
    lines[3] = cells.join(';')
    writeFileSync(path, `${lines.join('\r\n')}\r\n`)
    const r = await runImport({ databaseUrl: db.url, folder: dir, verifier: true })
    expect(r.errors).toEqual([
      expect.stringMatching(/^tiers\.csv:3 — valeur sous une colonne sans nom \(la 7e : « oublié »\)$/),
      expect.stringMatching(/^tiers\.csv:4:typeTiers — valeur attendue parmi ADH, CLI/),
    ])
  })

  it('reads a Windows-1252 file (Excel’s CSV on a French Windows) and says so in the report', async () => {
    const dir = copyOfCoop()
    const path = join(dir, 'tiers.csv')
    const text = readFileSync(path, 'utf8')
    expect(text).toMatch(/[À-ÿ]/)
    writeFileSync(path, Buffer.from(text, 'latin1'))
    const r = await runImport({ databaseUrl: db.url, folder: dir, verifier: true })
    expect(r.errors).toEqual([])
    expect(formatReport(r)).toContain('tiers.csv lu en Windows-1252 (pas en UTF-8)')
  })

  it('refuses a file mixing UTF-8 and Windows-1252 with its hint, and the files citing it say it was refused, not absent', async () => {
    const dir = copyOfCoop()
    const path = join(dir, 'tiers.csv')
    const text = readFileSync(path, 'utf8').replace(/\r?\n$/, '')
    writeFileSync(
      path,
      Buffer.concat([Buffer.from(`${text}\n`), Buffer.from('399999;EARL DU PRÉ;ADH;AGR;;\n', 'latin1')]),
    )
    const r = await runImport({ databaseUrl: db.url, folder: dir, verifier: true })
    expect(r.errors.filter((e) => e.startsWith('tiers.csv'))).toEqual([
      expect.stringMatching(/^tiers\.csv:\d+ — le fichier mêle UTF-8 et un autre encodage \(Windows-1252 \?\)/),
    ])
    expect(followOns(r, 'tiers.csv').sort()).toEqual(citingTiers())
  })

  it('refuses a symbolic link without reading it, and never prints what it points to', async () => {
    const dir = copyOfCoop()
    const secret = join(folder.dir, 'secret.txt')
    writeFileSync(secret, 'root:*:19000:0:99999:7:::\n')
    renameSync(join(dir, 'tiers.csv'), join(folder.dir, `tiers-${copies}.csv`))
    symlinkSync(secret, join(dir, 'tiers.csv'))
    const r = await runImport({ databaseUrl: db.url, folder: dir, verifier: true })
    expect(r.errors.filter((e) => e.startsWith('tiers.csv'))).toEqual([
      'tiers.csv — refusé sans être lu : c’est un lien symbolique, pas un fichier ordinaire ; copiez le fichier lui-même dans le dossier',
    ])
    expect(followOns(r, 'tiers.csv').sort()).toEqual(citingTiers())
    expect(formatReport(r).join('\n')).not.toContain('root')
  })
})
