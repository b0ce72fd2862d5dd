// Issue 40: removal is explicit. `--complet <fichier>` imports a file as the full list: rows
// absent from it are removed (and what hangs on them: a lot's plans), but the import is refused
// whole, in French, when orders (or any other row) still cite a row it would remove. Without
// --complet, a row absent from a file is left alone.
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { runImport } from '../../src/server/import/run'
import {
  copyFolder,
  emptyDatabase,
  filterRows,
  importBackends,
  query,
  smallCooperative,
  snapshot,
  tempFolder,
} from './support/import'

// Imports and child processes on a shared 2-core machine: minutes, not the default 30 s.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 })

const folder = tempFolder('complet')
let coop: string
beforeAll(async () => {
  coop = await smallCooperative(join(folder.dir, 'coop'), 20)
})
afterAll(() => folder.remove())

let n = 0
const variant = (keep: Record<string, (cells: string[]) => boolean>) => {
  const dir = copyFolder(coop, join(folder.dir, `v${++n}`))
  for (const [file, fn] of Object.entries(keep)) filterRows(join(dir, file), fn)
  return dir
}

describe.each(importBackends)('--complet ($name)', ({ url: serverUrl }) => {
  let db: { url: string; drop(): Promise<void> }
  beforeAll(async () => {
    db = await emptyDatabase(serverUrl)
    const r = await runImport({ databaseUrl: db.url, folder: coop })
    expect(r.errors).toEqual([])
  })
  afterAll(() => db.drop())

  it('removes the addresses absent from adresses.csv that no order cites; without --complet they stay', async () => {
    const [free] = await query<{ num_tiers: string; num_adr: number }>(
      db.url,
      `select a.num_tiers, a.num_adr from adresses a
        where not exists (select 1 from commande_lignes l join commandes c on c.id = l.commande_id
                           where c.num_tiers = a.num_tiers and l.num_adresse = a.num_adr)
          and not exists (select 1 from contraintes_livraison k where k.num_tiers = a.num_tiers and k.num_adr = a.num_adr)
        order by 1, 2 limit 1`,
    )
    expect(free).toBeDefined()
    const dir = variant({ 'adresses.csv': (c) => !(c[0] === free!.num_tiers && c[1] === String(free!.num_adr)) })
    const left = await runImport({ databaseUrl: db.url, folder: dir })
    expect(left.files.find((f) => f.fichier === 'adresses.csv')).toMatchObject({ inserted: 0, updated: 0, removed: 0 })

    const r = await runImport({ databaseUrl: db.url, folder: dir, complet: ['adresses.csv'] })
    expect(r.errors).toEqual([])
    expect(r.files.find((f) => f.fichier === 'adresses.csv')).toMatchObject({ removed: 1 })
    expect(r.files.filter((f) => f.removed > 0)).toHaveLength(1)
    const gone = await query(db.url, 'select 1 from adresses where num_tiers = $1 and num_adr = $2', [
      free!.num_tiers,
      free!.num_adr,
    ])
    expect(gone).toEqual([])
    // The same complete file again: nothing more to remove.
    const again = await runImport({ databaseUrl: db.url, folder: dir, complet: ['adresses.csv'] })
    expect(again.files.find((f) => f.fichier === 'adresses.csv')).toMatchObject({ removed: 0, inserted: 0, updated: 0 })
  })

  it('refuses, writing nothing, to remove an address that an order cites', async () => {
    const [cited] = await query<{ num_tiers: string; num_adresse: number; numero: string }>(
      db.url,
      `select c.num_tiers, l.num_adresse, c.numero from commande_lignes l join commandes c on c.id = l.commande_id
        where l.num_adresse is not null order by c.numero limit 1`,
    )
    const dir = variant({
      'adresses.csv': (c) => !(c[0] === cited!.num_tiers && c[1] === String(cited!.num_adresse)),
      // A change elsewhere in the same import: refused with the rest.
      'tiers.csv': () => true,
    })
    const before = await snapshot(db.url)
    const r = await runImport({ databaseUrl: db.url, folder: dir, complet: ['adresses.csv'] })
    expect(r.status).toBe('refuse')
    expect(r.errors).toEqual([
      expect.stringMatching(
        new RegExp(
          `^adresses\\.csv — suppression refusée \\(--complet\\) : 1 ligne\\(s\\) absente\\(s\\) du fichier sont encore citées par des lignes de commande \\(${cited!.num_tiers} ${cited!.num_adresse}\\)`,
        ),
      ),
    ])
    expect(await snapshot(db.url)).toEqual(before)
  })

  it('refuses to remove an article that deliveries cite (a foreign key), and removes a lot with its plans', async () => {
    const [first] = await query<{ num_article: string }>(
      db.url,
      'select num_article from livraison_lignes order by 1 limit 1',
    )
    const numArticle = first!.num_article
    const refused = await runImport({
      databaseUrl: db.url,
      folder: variant({ 'articles.csv': (c) => c[0] !== numArticle }),
      complet: ['articles.csv'],
    })
    expect(refused.status).toBe('refuse')
    expect(refused.errors.join('\n')).toMatch(/^articles\.csv — suppression refusée .* des lignes de livraison/m)
    // A file that still cites the row removed: refused too, naming the line.
    const dangling = await runImport({
      databaseUrl: db.url,
      folder: variant({ 'lots.csv': (c) => c[0] !== 'VL000001' }),
      complet: ['lots.csv'],
    })
    expect(dangling.errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^plans\.csv:\d+:numLot — lot inconnu : VL000001 \(absent de lots\.csv, importé en --complet\)/,
        ),
      ]),
    )

    const dir = variant({
      'lots.csv': (c) => c[0] !== 'VL000001',
      'plans.csv': (c) => c[0] !== 'VL000001',
      'tranches.csv': (c) => c[0] !== 'VL000001',
    })
    const r = await runImport({ databaseUrl: db.url, folder: dir, complet: ['lots.csv'] })
    expect(r.errors).toEqual([])
    expect(r.files.find((f) => f.fichier === 'lots.csv')).toMatchObject({ removed: 1 })
    expect(await query(db.url, `select 1 from plans_alimentation where num_lot = 'VL000001'`)).toEqual([])
  })

  it('refuses --complet for a file that is not in the folder or that may not be removed from', async () => {
    const r = await runImport({ databaseUrl: db.url, folder: coop, complet: ['comptes.csv', 'absent.csv'] })
    expect(r.status).toBe('refuse')
    expect(r.errors).toEqual([
      'comptes.csv — --complet n’est pas permis pour ce fichier',
      'absent.csv — --complet : fichier absent du dossier',
    ])
  })
})
