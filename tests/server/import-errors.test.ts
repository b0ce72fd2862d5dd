// Issue 40: twenty mistakes of different kinds planted in a cooperative's folder. --verifier lists
// each one as `fichier:ligne:colonne — raison`, and nothing else, and writes nothing; the same
// folder imported without --verifier is refused whole (exit code 1 from the command). A file
// saved in Windows-1252 is read as such, and the report says so (issue 49); one that mixes it with
// UTF-8 is refused with a French message naming it; ';' and ',' separators, a
// BOM, CRLF, decimal commas and dd/mm/yyyy dates are all read.
import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { formatReport } from '../../src/server/import/report'
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

// Imports and child processes on a shared 2-core machine: minutes, not the default 30 s.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 })

const folder = tempFolder('errors')
let coop: string
let planted: string
/** `fichier:ligne:colonne` of each planted mistake, and a word of its reason. */
const expected: Array<[string, RegExp]> = []

function plant(fichier: string, column: string, cells: string[], reason: RegExp) {
  const [line] = appendRows(join(planted, fichier), [cells])
  expected.push([`${fichier}:${line}:${column}`, reason])
}

beforeAll(async () => {
  coop = await smallCooperative(join(folder.dir, 'coop'), 20)
  planted = copyFolder(coop, join(folder.dir, 'planted'))
  plant('tiers.csv', 'typeTiers', ['300001', 'EARL NOUVELLE', 'XXX', 'AGR', '', ''], /ADH, CLI/)
  plant('tiers.csv', 'numTiers', ['200003', 'EARL EN DOUBLE', 'ADH', 'AGR', '', ''], /clé en double/)
  plant('adresses.csv', 'numTiers', ['999999', '1', 'A', 'Ferme', '', '', '35000', 'Rennes'], /tiers inconnu : 999999/)
  plant('adresses.csv', 'etat', ['200001', '50', 'Z', 'Ferme', '', '', '35000', 'Rennes'], /A, S/)
  plant('adresses.csv', 'numAdr', ['200001', 'abc', 'A', 'Ferme', '', '', '35000', 'Rennes'], /entier/)
  const article = (num: string, type: string, dep: string) => [
    num,
    'Aliment',
    '',
    type,
    'AL',
    '',
    dep,
    '',
    '',
    'VRAC',
    '',
    'T',
    'O',
  ]
  plant('articles.csv', 'codeTypeArticle', article('X00001', 'Q', '41'), /A, M, S, GSU/)
  plant('articles.csv', 'codeDepartement', article('X00002', 'A', '99'), /département inconnu : 99/)
  plant('articles-autorises.csv', 'numArticle', ['200001', 'ZZ9999', 'O'], /article inconnu : ZZ9999/)
  plant('articles-autorises.csv', 'artCommandable', ['200001', 'X00002', 'peut-être'], /O ou N/)
  const ligne = (num: string, n: string, qte: string) => [num, n, '410001', qte, '1', '', '', '', '']
  plant('lignes-livraison.csv', 'quantiteLivree', ligne('BL000000001', '90', 'douze'), /nombre attendu/)
  plant('lignes-livraison.csv', 'quantiteLivree', ligne('BL000000001', '91', '12,5678'), /3 décimales/)
  plant('lignes-livraison.csv', 'numLivraison', ligne('BLNOPE', '1', '12'), /livraison inconnue : BLNOPE/)
  plant('livraisons.csv', 'dateEffectiveLivraison', ['BLBAD', '200001', '31/02/2026', 'VIS'], /date/)
  plant(
    'contrats.csv',
    'dateDebut',
    ['CTBAD', '200001', 'TF', '', 'Contrat', '410001', '2026-13-01', '2027-01-01', '10', '10', '', ''],
    /date/,
  )
  plant('lots.csv', 'numBatiment', ['VLBAD', '1', '20', '01/10/2026', '1000', '60'], /bâtiment inconnu dans cette/)
  plant('batiments.csv', 'typesSilo', ['99901', '1', 'Hangar', '', '001|999'], /lieu de stockage inconnu : 999/)
  plant('tranches.csv', 'libellePlan', ['VL000000', 'Plan inexistant', '1', '0', '10', '0,3', ''], /plan inconnu/)
  plant('commandes.csv', 'date', ['CBAD', '200001', '25/12/2026 25:00', '', ''], /date et heure/)
  const lc = ['C0000001', '005', 'PERDUE', '410001', '', '', '5', '1', '01/12/2026', '02/12/2026', 'ID', 'ID', 'VIS']
  plant('lignes-commande.csv', 'etape', [...lc, '', '', '', 'N', '', '', '', '', '', '', ''], /ENREGISTREE/)
  plant(
    'etapes-commande.csv',
    'idLigne',
    ['C0000001', '009', 'ENREGISTREE', '01/12/2026 10:00', '', '', ''],
    /ligne de commande inconnue/,
  )
})
afterAll(() => folder.remove())

describe.each(importBackends)('a folder with twenty mistakes ($name)', ({ url: serverUrl }) => {
  let db: { url: string; drop(): Promise<void> }
  beforeAll(async () => {
    db = await emptyDatabase(serverUrl)
  })
  afterAll(() => db.drop())

  it('--verifier lists the twenty, with file, line and column, and writes nothing', async () => {
    expect(expected).toHaveLength(20)
    const before = await snapshot(db.url)
    const r = await runImport({ databaseUrl: db.url, folder: planted, verifier: true })
    expect(r.status).toBe('refuse')
    expect(r.errorCount).toBe(20)
    expect(r.errors).toHaveLength(20)
    for (const [where, reason] of expected) {
      const line = r.errors.find((e) => e.startsWith(`${where} — `))
      expect(line, `${where} in\n${r.errors.join('\n')}`).toBeDefined()
      expect(line).toMatch(reason)
    }
    expect(await snapshot(db.url)).toEqual(before)
  })

  it('refuses the same folder whole without --verifier (exit code 1), and the clean folder passes --verifier', async () => {
    const run = (dir: string, more: string[] = []) =>
      // --priorite-normale: beside the other tests the CPU is never free, and a batch job at nice 19 (the default) would wait for them.
      spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/import.ts', dir, '--priorite-normale', ...more], {
        env: { ...process.env, DATABASE_URL: db.url },
        encoding: 'utf8',
        timeout: 120_000,
      })
    // Read before: spawnSync holds this process's event loop, a connection opening meanwhile would stall.
    const before = await snapshot(db.url)
    const refused = run(planted)
    expect(refused.status).toBe(1)
    expect(refused.stdout).toMatch(/20 erreur\(s\), \d+ ligne\(s\) refusée\(s\) : rien n’a été écrit/)
    expect(refused.stdout).toContain('tiers.csv:')
    const checked = run(coop, ['--verifier'])
    expect(checked.stdout).toMatch(/Vérification : \d+ fichier\(s\), [\d ]+ lignes, aucune erreur/)
    expect(checked.status).toBe(0)
    expect(await snapshot(db.url)).toEqual(before)
  })

  it('reads a Windows-1252 file as such and says so; refuses one mixed with UTF-8, naming its line, and writes nothing', async () => {
    const dir = tempFolder('cp1252')
    try {
      const text = 'numTiers;raisonSociale;typeTiers;numEntite;email;region\n300001;EARL DU PRÉ;ADH;AGR;;\n'
      writeFileSync(join(dir.dir, 'tiers.csv'), Buffer.from(text, 'latin1'))
      const r = await runImport({ databaseUrl: db.url, folder: dir.dir })
      expect(r.errors).toEqual([])
      expect(r.status).toBe('importe')
      expect(formatReport(r)).toContain('tiers.csv lu en Windows-1252 (pas en UTF-8)')
      expect(await query(db.url, `select raison_sociale from tiers where num_tiers = '300001'`)).toEqual([
        { raison_sociale: 'EARL DU PRÉ' },
      ])
      // A UTF-8 file gets no such line.
      writeFileSync(join(dir.dir, 'tiers.csv'), text)
      expect(formatReport(await runImport({ databaseUrl: db.url, folder: dir.dir })).join('\n')).not.toContain('1252')

      // UTF-8 first, Windows-1252 far down a large file (its COPY already running): that COPY is
      // aborted, the next file is still read, nothing is written.
      const rows = Array.from({ length: 30_000 }, (_, i) => `${310_000 + i};EARL ${i};ADH;AGR;;`)
      rows[0] = '310000;EARL DES CHÊNES;ADH;AGR;;'
      const big = `numTiers;raisonSociale;typeTiers;numEntite;email;region\n${rows.join('\n')}\n`
      const mixed = Buffer.concat([Buffer.from(big), Buffer.from('335000;EARL DU PRÉ;ADH;AGR;;\n', 'latin1')])
      writeFileSync(join(dir.dir, 'tiers.csv'), mixed)
      writeFileSync(join(dir.dir, 'comptes.csv'), 'username;displayName;email;roles\nx;X;;\nx;X;;\n')
      const far = await runImport({ databaseUrl: db.url, folder: dir.dir })
      expect(far.errors).toEqual([
        expect.stringMatching(/^tiers\.csv:30002 — le fichier mêle UTF-8 et un autre encodage .*CSV UTF-8/),
        'comptes.csv:3:username — clé en double (x), déjà ligne 2',
      ])
      expect(await query(db.url, `select 1 from tiers where num_tiers like '31%'`)).toEqual([])
    } finally {
      dir.remove()
    }
  })

  it('reads ; and , separators, a BOM, CRLF, quoted cells, decimal commas, dd/mm/yyyy and ISO dates', async () => {
    const dir = tempFolder('formats')
    try {
      const put = (name: string, text: string) => writeFileSync(join(dir.dir, name), text)
      put('departements.csv', 'code,libelle\r\n41,Bovins\r\n')
      put(
        'tiers.csv',
        '\uFEFFnumTiers,raisonSociale,typeTiers,numEntite,email,region\r\n' +
          '400001,"GAEC DES CHÊNES, ET FILS",ADH,AGR,,Bretagne\r\n400002,EARL ÉLÉONORE,CLI,AGR,e@example.org,\r\n',
      )
      put(
        'articles.csv',
        `${'numArticle;libelle;codeTypeArticle;codeDepartement;codeUniteArticle;commandableParDefaut'}\n410001;VL 18 %;A;41;T;oui\n`,
      )
      put(
        'contrats.csv',
        'numContrat;numTiers;codeTContrat;libelleTypecontrat;numArticle;dateDebut;dateFin;qteContrat;qteRestante\n' +
          'CT1;400001;TF;Terme fixe;410001;26/06/2026;2026-12-11;120;35,5\n' +
          'CT2;400002;TF;Terme fixe;410001;01/01/2026;31/12/2026;1.5;0,125\n',
      )
      const r = await runImport({ databaseUrl: db.url, folder: dir.dir })
      expect(r.errors).toEqual([])
      expect(
        await query(db.url, `select num_tiers, raison_sociale from tiers where num_tiers like '4%' order by 1`),
      ).toEqual([
        { num_tiers: '400001', raison_sociale: 'GAEC DES CHÊNES, ET FILS' },
        { num_tiers: '400002', raison_sociale: 'EARL ÉLÉONORE' },
      ])
      expect(
        await query(
          db.url,
          `select num_contrat, date_debut::text, date_fin::text, qte_contrat::text, qte_restante::text from contrats order by 1`,
        ),
      ).toEqual([
        {
          num_contrat: 'CT1',
          date_debut: '2026-06-26',
          date_fin: '2026-12-11',
          qte_contrat: '120.000',
          qte_restante: '35.500',
        },
        {
          num_contrat: 'CT2',
          date_debut: '2026-01-01',
          date_fin: '2026-12-31',
          qte_contrat: '1.500',
          qte_restante: '0.125',
        },
      ])
    } finally {
      dir.remove()
    }
  })

  it('lists a key twice in a file that is otherwise in its key’s order (a delivery line repeated just below)', async () => {
    const dir = copyFolder(coop, join(folder.dir, `sorted-twice-${Math.random().toString(36).slice(2)}`))
    const path = join(dir, 'lignes-livraison.csv')
    const lines = readFileSync(path, 'utf8').split('\n')
    // Line 3 (the first delivery's second line) again as line 4: the order of the keys still holds.
    lines.splice(3, 0, lines[2]!)
    writeFileSync(path, lines.join('\n'))
    const [numLivraison, numLigne] = lines[2]!.split(';')
    const r = await runImport({ databaseUrl: db.url, folder: dir, verifier: true })
    expect(r.errors).toEqual([
      `lignes-livraison.csv:4:numLigne — clé en double (${numLivraison} ${numLigne}), déjà ligne 3`,
    ])
  })
})

describe.each(importBackends)('a first import whose foreign keys find the mistakes ($name)', ({ url: serverUrl }) => {
  let db: { url: string; drop(): Promise<void> }
  let broken: string
  beforeAll(async () => {
    db = await emptyDatabase(serverUrl)
    broken = copyFolder(coop, join(folder.dir, `broken-${serverUrl.length}`))
    // Only references a foreign key of the delivery lines' table checks: every other file is clean,
    // so the import merges, and every table is filled from empty (bulkFrom 1), its keys dropped.
    appendRows(join(broken, 'lignes-livraison.csv'), [
      ['BLNOPE', '1', '410001', '12', '1', '', '', '', ''],
      ['BL000000001', '92', 'ZZ9999', '12', '1', '', '', '', ''],
    ])
  })
  afterAll(() => db.drop())

  it('names the rows as --verifier does, and writes nothing', async () => {
    const before = await snapshot(db.url)
    const checked = await runImport({ databaseUrl: db.url, folder: broken, verifier: true })
    expect(checked.errors).toHaveLength(2)
    expect(checked.errors.join('\n')).toMatch(/lignes-livraison\.csv:\d+:numLivraison — livraison inconnue : BLNOPE/)
    expect(checked.errors.join('\n')).toMatch(/lignes-livraison\.csv:\d+:numArticle — article inconnu : ZZ9999/)
    const lines: string[] = []
    const r = await runImport({ databaseUrl: db.url, folder: broken, bulkFrom: 1, log: (l) => lines.push(l) })
    expect(r.status).toBe('refuse')
    expect(r.errors).toEqual(checked.errors)
    // The delivery lines were merged, the bulk way, before their foreign keys said no.
    expect(lines.join('\n')).toMatch(/fusion lignes-livraison\.csv : \d+ insérées.*clés et index/)
    expect(await snapshot(db.url)).toEqual(before)
    const ok = await runImport({ databaseUrl: db.url, folder: coop, bulkFrom: 1 })
    expect(ok.errors).toEqual([])
  })

  it('checks an order line against the orders merged before it, as --verifier does against the folder', async () => {
    const fresh = await emptyDatabase(serverUrl)
    const dir = copyFolder(coop, join(folder.dir, `first-unknown-order-${serverUrl.length}`))
    try {
      const path = join(dir, 'lignes-commande.csv')
      const lines = readFileSync(path, 'utf8').split('\n')
      const cells = lines[1]!.split(';')
      cells[0] = 'C9999999'
      lines.push(cells.join(';'))
      writeFileSync(path, lines.join('\n'))
      const checked = await runImport({ databaseUrl: fresh.url, folder: dir, verifier: true })
      expect(checked.errors).toEqual([
        `lignes-commande.csv:${lines.length}:numero — commande inconnue : C9999999 (ni dans commandes.csv ni dans Silo)`,
      ])
      const before = await snapshot(fresh.url)
      const r = await runImport({ databaseUrl: fresh.url, folder: dir, bulkFrom: 1 })
      expect(r.errors).toEqual(checked.errors)
      expect(await snapshot(fresh.url)).toEqual(before)
    } finally {
      await fresh.drop()
    }
  })

  it('lists a delivery line twice as --verifier does, though no check read their staging table until then', async () => {
    const fresh = await emptyDatabase(serverUrl)
    const dir = copyFolder(coop, join(folder.dir, `first-twice-${serverUrl.length}`))
    try {
      const path = join(dir, 'lignes-livraison.csv')
      const lines = readFileSync(path, 'utf8').split('\n')
      lines.splice(3, 0, lines[2]!)
      writeFileSync(path, lines.join('\n'))
      const [numLivraison, numLigne] = lines[2]!.split(';')
      const before = await snapshot(fresh.url)
      const r = await runImport({ databaseUrl: fresh.url, folder: dir, bulkFrom: 1 })
      expect(r.status).toBe('refuse')
      expect(r.errors).toEqual([
        `lignes-livraison.csv:4:numLigne — clé en double (${numLivraison} ${numLigne}), déjà ligne 3`,
      ])
      expect(await snapshot(fresh.url)).toEqual(before)
    } finally {
      await fresh.drop()
    }
  })
})
