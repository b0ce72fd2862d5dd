// Issue 49 item 2: one identifier, one rule, everywhere. A number the import takes is one every
// route, screen and ERP call takes (src/contract/identifiants.ts): a member C-4501 is refused by
// --verifier with the rule's message (a member number is digits), and a past order H000002, a
// delivery BL/2026-0001, a contract CT/2026-0999 and a lot VL.2026/07 imported are usable: listed,
// their detail opens, staff act for the member, the ERP posts steps and deliveries citing them.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ArticleParams } from '../../src/contract/articles'
import { CommandeParams, CommandePayload, LigneCommandePayload, type Commande } from '../../src/contract/commandes'
import { REGLES } from '../../src/contract/identifiants'
import type { Kind } from '../../src/contract/import/kind'
import { KINDS } from '../../src/contract/import/kinds'
import { EtapesParams, LivraisonPayload } from '../../src/contract/integration'
import { ReglementCommandeQuery } from '../../src/contract/paiement'
import { ParametresCommandeQuery } from '../../src/contract/parametres-commande'
import { ActingForBody } from '../../src/contract/tiers-search'
import { openDatabase, type OpenedDatabase } from '../../src/server/db/client'
import { runImport } from '../../src/server/import/run'
import { DEMO } from '../../src/server/seed/demo'
import { seedDemo } from '../../src/server/seed'
import { createApiKey } from '../../src/server/services/api-keys'
import { buildTestApp, get, send, signIn, TEST_TODAY } from './support/app'
import { orderLine } from './support/order-line'
import { emptyDatabase, importBackends, smallCooperative, tempFolder } from './support/import'

// Imports on a shared 2-core machine: minutes, not the default 30 s.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 })

const kind = (fichier: string): Kind => KINDS.find((k) => k.fichier === fichier)!
const cellOk = (fichier: string, colonne: string, s: string) =>
  v.safeParse(kind(fichier).colonnes[colonne]!.cell.schema, s).success
const ok = (schema: v.GenericSchema, value: unknown) => v.safeParse(schema, value).success

const SAMPLES = [
  '100001',
  '4501',
  '12345678901',
  'C-4501',
  'H000002',
  'h.2026_7-1',
  '700001',
  'BL/2026-0001',
  'CT/2026-0999',
  'VL.2026/07',
  'É1',
  '-1',
  '.1',
  'A B',
  'A#1',
  '410101',
  'a410',
  '410-101',
  'x'.repeat(30),
  'x'.repeat(31),
  'x'.repeat(40),
  'x'.repeat(41),
]

describe('each identifier has one rule: the import takes exactly what the routes take', () => {
  const same = (name: string, cell: [string, string], route: (s: string) => boolean) =>
    it(name, () => {
      for (const s of SAMPLES) expect([s, cellOk(cell[0], cell[1], s)]).toEqual([s, route(s)])
    })
  same('numTiers', ['tiers.csv', 'numTiers'], (s) => ok(CommandeParams, { numTiers: s, numero: '700001' }))
  same('numTiers (ERP delivery, acting for)', ['livraisons.csv', 'numTiers'], (s) => ok(ActingForBody, { numTiers: s }))
  same('numTiers (order body)', ['commandes.csv', 'numTiers'], (s) => ok(CommandePayload.entries.numTiers, s))
  same('numero (detail route)', ['commandes.csv', 'numero'], (s) =>
    ok(CommandeParams, { numTiers: '100001', numero: s }),
  )
  same('numero (ERP steps)', ['etapes-commande.csv', 'numero'], (s) => ok(EtapesParams, { numero: s }))
  same('numCommande (ERP delivery line)', ['lignes-livraison.csv', 'numCommande'], (s) =>
    ok(LivraisonPayload.entries.lignes.pipe[0].item.entries.numCommande, s),
  )
  same('numLivraison (ERP delivery)', ['livraisons.csv', 'numLivraison'], (s) =>
    ok(LivraisonPayload.entries.numLivraison, s),
  )
  same('numContrat (order line)', ['lignes-commande.csv', 'numContrat'], (s) =>
    ok(LigneCommandePayload.entries.numContrat, s),
  )
  same('numLot (order line)', ['lots.csv', 'numLot'], (s) => ok(LigneCommandePayload.entries.numLot, s))
  same('numLot (payment proposal)', ['lots.csv', 'numLot'], (s) => ok(ReglementCommandeQuery.entries.numLot, s))
  same('numLot (order parameters)', ['contrats.csv', 'numLot'], (s) => ok(ParametresCommandeQuery.entries.numLot, s))
  same('numArticle (article path)', ['articles.csv', 'numArticle'], (s) => ok(ArticleParams, { type: 'A', num: s }))
  same('numArticle (ERP delivery line)', ['lignes-livraison.csv', 'numArticle'], (s) =>
    ok(LivraisonPayload.entries.lignes.pipe[0].item.entries.numArticle, s),
  )
  same('numArticle (order line)', ['lignes-commande.csv', 'numArticle'], (s) =>
    ok(LigneCommandePayload.entries.numArticle, s),
  )
  same('idLigne', ['lignes-commande.csv', 'idLigne'], (s) => ok(LigneCommandePayload.entries.idLigne, s))

  it('every example of docs/import.md follows the rules', () => {
    for (const k of KINDS)
      for (const row of k.exemples)
        Object.values(k.colonnes).forEach((c, i) =>
          expect([k.fichier, i, v.safeParse(c.cell.schema, row[i]).success]).toEqual([k.fichier, i, true]),
        )
  })
})

const folder = tempFolder('identifiants')
let made = 0

/** A folder of files, each row given by column name (absent columns: empty cells). */
function folderOf(files: Record<string, Record<string, string>[]>): string {
  const dir = join(folder.dir, `f${made++}`)
  mkdirSync(dir)
  for (const [fichier, rows] of Object.entries(files)) {
    const columns = Object.keys(kind(fichier).colonnes)
    const lines = [columns, ...rows.map((r) => columns.map((c) => r[c] ?? ''))]
    writeFileSync(join(dir, fichier), lines.map((l) => `${l.join(';')}\n`).join(''))
  }
  return dir
}

afterAll(() => folder.remove())

describe.each(importBackends)('identifiers imported, then used ($name)', ({ url: serverUrl }) => {
  let created: { url: string; drop(): Promise<void> }
  let opened: OpenedDatabase
  let t: ReturnType<typeof buildTestApp>
  let key: string
  const erp = (path: string, body: unknown, idem: string) =>
    t.app.request(path, {
      method: 'POST',
      headers: {
        Host: 'localhost',
        'Content-Type': 'application/json',
        Authorization: `Bearer ${key}`,
        'Idempotency-Key': idem,
      },
      body: JSON.stringify(body),
    })

  beforeAll(async () => {
    created = await emptyDatabase(serverUrl)
    opened = await openDatabase({ databaseUrl: created.url })
    await seedDemo(opened.db, { today: TEST_TODAY })
    t = buildTestApp(opened.db)
    key = (await createApiKey(opened.db, 'ERP')).key
  })
  afterAll(async () => {
    await opened?.close()
    await created?.drop()
  })

  it('--verifier refuses each identifier that breaks its rule, with the rule’s message', async () => {
    const dir = folderOf({
      'tiers.csv': [{ numTiers: 'C-4501', raisonSociale: 'EARL C', typeTiers: 'ADH', numEntite: 'AGR' }],
      'commandes.csv': [{ numero: 'H/2', numTiers: DEMO.eleveur, date: '05/01/2026 08:15' }],
      'livraisons.csv': [{ numLivraison: '-BL1', numTiers: DEMO.eleveur, dateEffectiveLivraison: '12/11/2026' }],
      'contrats.csv': [
        {
          numContrat: 'CT 1',
          numTiers: DEMO.eleveur,
          codeTContrat: 'TF',
          libelleTypecontrat: 'Terme fixe',
          numArticle: '410101',
          dateDebut: '01/01/2026',
          dateFin: '31/12/2026',
          qteContrat: '10',
          qteRestante: '5',
        },
      ],
      'supplements.csv': [{ numArticle: '410-101', numArticleSupplementation: '480101', groupe: 'LEVURE' }],
      'lots.csv': [
        { numLot: 'VLÉ1', numExploitation: '3', numBatiment: '31', dateMep: '01/11/2026', nbAnimaux: '100' },
      ],
    })
    const count = async () => (await opened.db.execute(sql`select count(*)::int as n from tiers`)).rows[0]
    const before = await count()
    const r = await runImport({ databaseUrl: created.url, folder: dir, verifier: true })
    expect(r.status).toBe('refuse')
    expect(r.errors).toEqual(
      expect.arrayContaining([
        `tiers.csv:2:numTiers — ${REGLES.numTiers.message} (« C-4501 »)`,
        `commandes.csv:2:numero — ${REGLES.numCommande.message} (« H/2 »)`,
        `livraisons.csv:2:numLivraison — ${REGLES.numLivraison.message} (« -BL1 »)`,
        `contrats.csv:2:numContrat — ${REGLES.numContrat.message} (« CT 1 »)`,
        `lots.csv:2:numLot — ${REGLES.numLot.message} (« VLÉ1 »)`,
        `supplements.csv:2:numArticle — ${REGLES.numArticle.message} (« 410-101 »)`,
      ]),
    )
    // The same messages a route gives (a farmer's app, staff, the ERP).
    const staff = await signIn(t.app, DEMO.conseiller, 'demo')
    const res = await send(t.app, 'PUT', '/web/user/me/tiers', { numTiers: 'C-4501' }, staff)
    expect(res.status).toBe(400)
    expect(((await res.json()) as { message: string }).message).toContain(REGLES.numTiers.message)
    const delivery = await erp(
      '/api/integration/v1/livraisons',
      {
        numLivraison: 'BL1',
        numTiers: 'C-4501',
        dateEffectiveLivraison: TEST_TODAY,
        lignes: [{ numArticle: '410101', quantiteLivree: 1 }],
      },
      'identifiants-refus-0001',
    )
    expect(delivery.status).toBe(400)
    expect(((await delivery.json()) as { message: string }).message).toContain(REGLES.numTiers.message)
    expect(await count()).toEqual(before)
  })

  it('what it accepts is usable everywhere: member, past order, delivery, contract, lot', async () => {
    const dir = folderOf({
      'tiers.csv': [{ numTiers: '4501', raisonSociale: 'EARL DU QUATRE', typeTiers: 'ADH', numEntite: 'AGR' }],
      // The demo adviser follows the new member (decision 0057).
      'portefeuilles.csv': [{ username: DEMO.conseiller, numTiers: '4501' }],
      'commandes.csv': [{ numero: 'H000002', numTiers: DEMO.eleveur, date: '05/11/2026 08:15' }],
      'lignes-commande.csv': [
        {
          numero: 'H000002',
          idLigne: '001',
          etape: 'LIVREE',
          numArticle: '410101',
          quantiteCommande: '12',
          numAdresse: '1',
          datePrevueLivraison: '07/11/2026',
          finDatePrevueLivraison: '09/11/2026',
          matinApmidi: 'ID',
          finMatinApmidi: 'ID',
          codeModeCamion: 'VIS',
          melangeDechargement: 'N',
          numContrat: 'CT/2026-0999',
        },
      ],
      'livraisons.csv': [
        { numLivraison: 'BL/2026-0001', numTiers: DEMO.eleveur, dateEffectiveLivraison: '09/11/2026' },
      ],
      'lignes-livraison.csv': [
        {
          numLivraison: 'BL/2026-0001',
          numLigne: '1',
          numArticle: '410101',
          quantiteLivree: '12',
          numAdresse: '1',
          numCommande: 'H000002',
        },
      ],
      'contrats.csv': [
        {
          numContrat: 'CT/2026-0999',
          numTiers: DEMO.eleveur,
          codeTContrat: 'TF',
          libelleTypecontrat: 'Contrat à terme fixe',
          numArticle: '410101',
          dateDebut: '01/01/2026',
          dateFin: '31/12/2026',
          qteContrat: '100',
          qteRestante: '40',
        },
      ],
      'lots.csv': [
        { numLot: 'VL.2026/07', numExploitation: '3', numBatiment: '31', dateMep: '01/11/2026', nbAnimaux: '1000' },
      ],
    })
    const checked = await runImport({ databaseUrl: created.url, folder: dir, verifier: true })
    expect(checked.errors).toEqual([])
    const r = await runImport({ databaseUrl: created.url, folder: dir })
    expect(r.errors).toEqual([])
    expect(r.status).toBe('importe')

    // The member: staff act for them, the ERP posts them a delivery.
    const staff = await signIn(t.app, DEMO.conseiller, 'demo')
    expect((await send(t.app, 'PUT', '/web/user/me/tiers', { numTiers: '4501' }, staff)).status).toBe(200)
    expect((await get(t.app, '/web/v1/tiers/4501', staff)).status).toBe(200)
    const toMember = await erp(
      '/api/integration/v1/livraisons',
      {
        numLivraison: 'BL/2026-0002',
        numTiers: '4501',
        dateEffectiveLivraison: TEST_TODAY,
        lignes: [{ numArticle: '410101', quantiteLivree: 2 }],
      },
      'identifiants-livraison-0001',
    )
    expect(toMember.status).toBe(201)

    // The past order: listed, its detail opens, the ERP moves it and delivers it.
    const farmer = await signIn(t.app, DEMO.eleveur, 'demo')
    const list = await get(
      t.app,
      `/web/v1/tiers/${DEMO.eleveur}/commandes?etapes=LIVREE,FACTUREE&dateDebut=2026-11-01&dateFin=${TEST_TODAY}`,
      farmer,
    )
    expect(list.status).toBe(200)
    expect(((await list.json()) as Commande[]).map((c) => c.numero)).toContain('H000002')
    const detail = await get(t.app, `/web/v1/tiers/${DEMO.eleveur}/commandes/H000002`, farmer)
    expect(detail.status).toBe(200)
    const order = (await detail.json()) as Commande
    expect([order.numero, order.lignes[0]!.numContrat]).toEqual(['H000002', 'CT/2026-0999'])
    const steps = await erp(
      '/api/integration/v1/commandes/H000002/etapes',
      { etape: 'FACTUREE' },
      'identifiants-etapes-0001',
    )
    expect(steps.status).toBe(200)
    const delivered = await erp(
      '/api/integration/v1/livraisons',
      {
        numLivraison: 'BL/2026-0003',
        numTiers: DEMO.eleveur,
        dateEffectiveLivraison: TEST_TODAY,
        lignes: [{ numArticle: '410101', quantiteLivree: 1, numAdresse: 1, numCommande: 'H000002' }],
      },
      'identifiants-livraison-0002',
    )
    expect(delivered.status).toBe(201)

    // The deliveries: in the farmer's history, a page's cursor past them works.
    const history = await get(t.app, `/web/v1/tiers/${DEMO.eleveur}/livraisons?limite=200`, farmer)
    expect(history.status).toBe(200)
    expect(JSON.stringify(await history.json())).toContain('BL/2026-0001')

    // The contract: listed.
    const contrats = await get(t.app, `/web/v1/tiers/${DEMO.eleveur}/contrats?typeTiers=ADH&numEntite=AGR`, farmer)
    expect(JSON.stringify(await contrats.json())).toContain('CT/2026-0999')

    // The lot: listed, and the calls that take it answer.
    const poultry = await signIn(t.app, DEMO.volailles, 'demo')
    const lots = await get(t.app, `/web/v1/tiers/${DEMO.volailles}/lots`, poultry)
    expect(JSON.stringify(await lots.json())).toContain('VL.2026/07')
    const lot = encodeURIComponent('VL.2026/07')
    const params = await get(
      t.app,
      `/web/v1/referentiel/parametres-commande?numTiers=${DEMO.volailles}&numArticle=450101&numLot=${lot}`,
      poultry,
    )
    expect(params.status).toBe(200)
    const modes = await get(
      t.app,
      `/web/v1/tiers/${DEMO.volailles}/reglement-commande?numArticle=450101&dateValidite=${TEST_TODAY}&numLot=${lot}`,
      poultry,
    )
    expect(modes.status).toBe(200)
    const withLot = await erp(
      '/api/integration/v1/livraisons',
      {
        numLivraison: 'BL/2026-0004',
        numTiers: DEMO.volailles,
        dateEffectiveLivraison: TEST_TODAY,
        lignes: [{ numArticle: '450101', quantiteLivree: 1, numLot: 'VL.2026/07' }],
      },
      'identifiants-livraison-0003',
    )
    expect(withLot.status).toBe(201)
  })

  it('an order Silo numbers skips a number a past order imported already holds', async () => {
    // The next id's number (700000 + id), and the one after, held by past orders (ids of their own).
    const [{ n }] = (
      await opened.db.execute<{ n: number }>(sql`select nextval(pg_get_serial_sequence('commandes', 'id'))::int as n`)
    ).rows as [{ n: number }]
    const taken = [String(700000 + n + 1), String(700000 + n + 2)]
    for (const [k, numero] of taken.entries())
      await opened.db.execute(
        sql`insert into commandes (id, numero, num_tiers, date) values (${2_000_000_000 + k}, ${numero}, ${DEMO.eleveur}, now())`,
      )
    const farmer = await signIn(t.app, DEMO.eleveur, 'demo')
    const res = await send(
      t.app,
      'POST',
      `/web/v1/tiers/${DEMO.eleveur}/commandes`,
      { numTiers: DEMO.eleveur, commande: { commentaire: 'Numéro libre', lignes: [orderLine()] } },
      farmer,
      { 'Idempotency-Key': 'identifiants-numero-libre-0001' },
    )
    expect(res.status).toBe(201)
    expect(((await res.json()) as { numero: string }).numero).toBe(String(700000 + n + 3))
  })

  it('the synthetic cooperative and the demo follow the rules', async () => {
    // The cooperative's files pass --verifier on the empty database a cooperative starts from.
    const coop = await smallCooperative(join(folder.dir, 'coop'), 20)
    const empty = await emptyDatabase(serverUrl)
    try {
      const r = await runImport({ databaseUrl: empty.url, folder: coop, verifier: true })
      expect(r.errors).toEqual([])
    } finally {
      await empty.drop()
    }
    // The demo's rows (and what the tests above wrote) follow them too.
    const values = async (q: ReturnType<typeof sql>) =>
      (await opened.db.execute<{ v: string }>(q)).rows.map((row) => row.v).filter((s) => s !== null)
    const broken = (rule: RegExp, list: string[]) => list.filter((s) => !rule.test(s))
    expect(broken(REGLES.numTiers.regex, await values(sql`select num_tiers as v from tiers`))).toEqual([])
    expect(
      broken(
        REGLES.numArticle.regex,
        await values(sql`select num_article as v from articles union select num_article from commande_lignes`),
      ),
    ).toEqual([])
    expect(broken(REGLES.numCommande.regex, await values(sql`select numero as v from commandes`))).toEqual([])
    expect(
      broken(
        REGLES.numLivraison.regex,
        await values(sql`select num_livraison as v from livraisons union select num_livraison from commande_etapes`),
      ),
    ).toEqual([])
    expect(
      broken(
        REGLES.numContrat.regex,
        await values(sql`select num_contrat as v from contrats union select num_contrat from commande_lignes`),
      ),
    ).toEqual([])
    expect(
      broken(
        REGLES.numLot.regex,
        await values(
          sql`select num_lot as v from lots union select num_lot from commande_lignes union select num_lot from livraison_lignes`,
        ),
      ),
    ).toEqual([])
  })
})
