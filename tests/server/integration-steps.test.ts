// Steps and deliveries back from the ERP (issue 41): the lines move through the spec's steps, per
// line or whole order, with an Idempotency-Key; LIVREE and POST /livraisons write into the
// history the farmer's app reads (and the order advice counts); whatever makes no sense is
// refused with a French reason and writes nothing.
import fc from 'fast-check'
import { DateTime } from 'luxon'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Commande } from '../../src/contract/commandes'
import type { Livraisons } from '../../src/contract/livraisons'
import { ETAPES, EtapesPayload, LivraisonPayload } from '../../src/contract/integration'
import { regularFeeds } from '../../src/domain/forecast-regular'
import { orderStepLabel } from '../../src/domain/orders'
import { ZONE } from '../../src/domain/calendar'
import { DEMO } from '../../src/server/seed/demo'
import { createApiKey } from '../../src/server/services/api-keys'
import { backends, type OpenedTestDb } from './support/databases'
import { withOpenApiCheck } from './support/openapi-check'
import { buildTestApp, get, send, signIn, TEST_NOW, TEST_TODAY } from './support/app'
import { orderLine } from './support/order-line'
import { fromSchema, hostileValue } from './support/arbitraries'
import { typographie } from '../../src/domain/typography'

describe.each(backends)('steps and deliveries from the ERP on $name', (backend) => {
  let opened: OpenedTestDb
  let t: ReturnType<typeof buildTestApp>
  let key: string
  let farmer: string
  let numero: string
  let n = 0
  const erp = (path: string, body: unknown, idem: string | null = `erp-key-${++n}-${Date.now()}`) =>
    t.app.request(path, {
      method: 'POST',
      headers: {
        Host: 'localhost',
        'Content-Type': 'application/json',
        Authorization: `Bearer ${key}`,
        ...(idem ? { 'Idempotency-Key': idem } : {}),
      },
      body: JSON.stringify(body),
    })
  const steps = (body: unknown, idem?: string | null, num = numero) =>
    erp(`/api/integration/v1/commandes/${num}/etapes`, body, idem)
  const farmerOrder = async (num = numero) =>
    (await (await get(t.app, `/web/v1/tiers/${DEMO.eleveur}/commandes/${num}`, farmer)).json()) as Commande
  const history = async () =>
    (await (await get(t.app, `/web/v1/tiers/${DEMO.eleveur}/livraisons?limite=200`, farmer)).json()) as Livraisons
  /** What a refused request must leave untouched. */
  const footprint = async () =>
    (
      await opened.db.execute(
        sql`select (select count(*) from commande_etapes)::int as etapes, (select count(*) from livraisons)::int as livraisons,
          (select string_agg(etape, ',' order by id) from commande_lignes)::text as lignes`,
      )
    ).rows[0]
  const placeOrder = async (comment: string) => {
    const res = await send(
      t.app,
      'POST',
      `/web/v1/tiers/${DEMO.eleveur}/commandes`,
      {
        numTiers: DEMO.eleveur,
        commande: {
          commentaire: comment,
          lignes: [
            orderLine(),
            orderLine({ idLigne: '002', numArticle: '410101', libelleArticle: 'VL', quantiteCommande: 5 }),
          ],
        },
      },
      farmer,
      { 'Idempotency-Key': `steps-order-${comment.replace(/\W/g, '')}-0001` },
    )
    expect(res.status).toBe(201)
    return ((await res.json()) as { numero: string }).numero
  }

  beforeAll(async () => {
    opened = await backend.open()
    t = withOpenApiCheck(buildTestApp(opened.db))
    key = (await createApiKey(opened.db, 'ERP')).key
    farmer = await signIn(t.app, DEMO.eleveur)
    numero = await placeOrder('Etapes')
  })
  afterAll(async () => opened?.close())

  it('VALORISEE for the whole order: every line moves, the farmer sees it, a replay answers the same', async () => {
    const idem = 'valorisee-whole-0001'
    const res = await steps({ etape: 'VALORISEE' }, idem)
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body).toEqual({
      numero,
      numTiers: DEMO.eleveur,
      lignes: [
        { idLigne: '001', etape: 'VALORISEE' },
        { idLigne: '002', etape: 'VALORISEE' },
      ],
      livraisons: [],
    })
    const seen = await farmerOrder()
    expect(seen.lignes.map((l) => l.etape)).toEqual(['VALORISEE', 'VALORISEE'])
    expect(orderStepLabel(seen)).toBe('Valorisée')

    const before = await footprint()
    const replay = await steps({ etape: 'VALORISEE' }, idem)
    expect(replay.status).toBe(200)
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    expect(await replay.json()).toEqual(body)
    const other = await steps({ etape: 'PREPAREE' }, idem)
    expect(other.status).toBe(422)
    expect((await other.json()).code).toBe('IDEMPOTENCE_AUTRE_REQUETE')
    expect(await footprint()).toEqual(before)
  })

  it('LIVREE for one line with 12,5 t: the farmer sees two steps and the delivery in the Historique', async () => {
    const res = await steps({ lignes: [{ idLigne: '001', etape: 'LIVREE', quantiteLivree: '12,5' }] })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({
      lignes: [
        { idLigne: '001', etape: 'LIVREE' },
        { idLigne: '002', etape: 'VALORISEE' },
      ],
      livraisons: [{ numLivraison: `C${numero}-001`, dateEffectiveLivraison: TEST_TODAY }],
    })
    const seen = await farmerOrder()
    expect(orderStepLabel(seen)).toBe('Voir détails, plusieurs étapes')
    const enCours = (await (
      await get(t.app, `/web/v1/tiers/${DEMO.eleveur}/commandes/commandes-en-cours`, farmer)
    ).json()) as Commande[]
    expect(enCours.some((c) => c.numero === numero)).toBe(true)
    const delivered = (await history()).lignes.find((l) => l.numLivraison === `C${numero}-001`)
    expect(delivered).toMatchObject({
      dateEffectiveLivraison: TEST_TODAY,
      numArticle: '410102',
      quantiteLivree: 12.5,
      numAdresse: 1,
      numLigne: 1,
    })
    const [step] = (
      await opened.db.execute(
        sql`select e.quantite_livree::float as q, e.date_livraison::text as d, e.num_livraison as n from commande_etapes e
          join commande_lignes l on l.id = e.ligne_id join commandes c on c.id = l.commande_id
          where c.numero = ${numero} and e.etape = 'LIVREE'`,
      )
    ).rows as [{ q: number; d: string; n: string }]
    expect(step).toEqual({ q: 12.5, d: TEST_TODAY, n: `C${numero}-001` })
  })

  it('backwards, after a final step, or the same step again: 409 with a French reason, nothing written', async () => {
    const before = await footprint()
    const back = await steps({
      lignes: [
        { idLigne: '002', etape: 'PREPAREE' },
        { idLigne: '001', etape: 'VALORISEE' },
      ],
    })
    expect(back.status).toBe(409)
    expect(await back.json()).toEqual({
      code: 'ETAPE_REFUSEE',
      message: 'La ligne 001 est à l’étape « Livrée » : elle ne peut pas revenir à l’étape « Valorisée ».',
    })
    const again = await steps({ lignes: [{ idLigne: '001', etape: 'LIVREE', quantiteLivree: 12 }] })
    expect(again.status).toBe(409)
    expect((await again.json()).message).toContain('déjà à l’étape « Livrée »')
    expect(await footprint()).toEqual(before)

    // FACTUREE before LIVREE is a skip forward; once invoiced, LIVREE is backwards.
    const other = await placeOrder('Final')
    expect((await steps({ lignes: [{ idLigne: '001', etape: 'SUPPRIMEE' }] }, undefined, other)).status).toBe(200)
    const afterDeleted = await steps({ lignes: [{ idLigne: '001', etape: 'VALORISEE' }] }, undefined, other)
    expect(afterDeleted.status).toBe(409)
    expect((await afterDeleted.json()).message).toBe(
      'La ligne 001 est à l’étape « Supprimée », qui est définitive : elle ne peut plus passer à l’étape « Valorisée ».',
    )
    expect((await steps({ lignes: [{ idLigne: '002', etape: 'FACTUREE' }] }, undefined, other)).status).toBe(200)
    const relivree = await steps({ lignes: [{ idLigne: '002', etape: 'LIVREE' }] }, undefined, other)
    expect(relivree.status).toBe(409)
    const seen = await farmerOrder(other)
    expect(seen.lignes.map((l) => l.etape)).toEqual(['SUPPRIMEE', 'FACTUREE'])
  })

  it('quantities and dates that make no sense: 422 with a French reason, nothing written', async () => {
    const before = await footprint()
    const cases: [unknown, string][] = [
      [-3, 'La quantité livrée doit être supérieure à 0 t.'],
      ['douze', 'La quantité livrée doit être un nombre de tonnes.'],
      [1_000_000, 'pas vraisemblable'],
      [40, typographie('sans rapport avec la quantité commandée (5 t)')],
    ]
    for (const [q, reason] of cases) {
      const res = await steps({ lignes: [{ idLigne: '002', etape: 'LIVREE', quantiteLivree: q }] })
      expect(res.status, String(q)).toBe(422)
      const body = await res.json()
      expect(body.code).toBe('LIVRAISON_INVALIDE')
      expect(body.message).toContain(reason)
    }
    const future = DateTime.fromISO(TEST_NOW, { zone: ZONE }).plus({ days: 2 }).toISODate()!
    const late = await steps({ lignes: [{ idLigne: '002', etape: 'LIVREE', dateLivraison: future }] })
    expect(late.status).toBe(422)
    expect(await late.json()).toEqual({
      message: `Ligne 002, dateLivraison : La date de livraison (${future}) est dans le futur.`,
      code: 'DATE_HORS_PERIODE',
    })
    const early = await steps({ lignes: [{ idLigne: '002', etape: 'LIVREE', dateLivraison: '2025-01-02' }] })
    expect((await early.json()).message).toContain('précède la commande')
    const wrongStep = await steps({ lignes: [{ idLigne: '002', etape: 'PREPAREE', quantiteLivree: 5 }] })
    expect(wrongStep.status).toBe(422)
    const unknownLine = await steps({ lignes: [{ idLigne: '009', etape: 'PREPAREE' }] })
    expect(unknownLine.status).toBe(422)
    expect((await unknownLine.json()).message).toBe(`La ligne 009 n’existe pas dans la commande ${numero}.`)
    const wholeWithQuantity = await steps({ etape: 'LIVREE', quantiteLivree: 5 })
    expect(wholeWithQuantity.status).toBe(422)
    expect(await footprint()).toEqual(before)
  })

  it('malformed bodies 400, no Idempotency-Key 400, an unknown order 404', async () => {
    expect((await steps({ etape: 'EXPEDIEE' })).status).toBe(400)
    expect((await steps({ lignes: [{ idLigne: '001', etape: 'LIVREE', quantiteLivree: { t: 1 } }] })).status).toBe(400)
    expect((await steps({ etape: 'VALORISEE', lignes: [{ idLigne: '001', etape: 'LIVREE' }] })).status).toBe(400)
    expect((await steps({})).status).toBe(400)
    const noKey = await steps({ lignes: [{ idLigne: '002', etape: 'PREPAREE' }] }, null)
    expect(noKey.status).toBe(400)
    expect((await noKey.json()).code).toBe('IDEMPOTENCE_REQUISE')
    const unknown = await steps({ etape: 'VALORISEE' }, undefined, '999999999')
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toEqual({ message: 'Commande inconnue : 999999999', code: 'COMMANDE_INEXISTANTE' })
  })

  it('whole-order FACTUREE moves the order to the farmer’s history of orders', async () => {
    const order = await placeOrder('Facture')
    expect((await steps({ etape: 'LIVREE', dateLivraison: TEST_TODAY }, undefined, order)).status).toBe(200)
    expect((await steps({ etape: 'FACTUREE' }, undefined, order)).status).toBe(200)
    const done = (await (
      await get(
        t.app,
        `/web/v1/tiers/${DEMO.eleveur}/commandes?etapes=FACTUREE,ERREUR,SUPPRIMEE&dateDebut=${TEST_TODAY}&dateFin=${TEST_TODAY}`,
        farmer,
      )
    ).json()) as Commande[]
    expect(done.find((c) => c.numero === order)?.lignes.map((l) => l.etape)).toEqual(['FACTUREE', 'FACTUREE'])
    // Two lines delivered the same day, each its own delivery in the history.
    const lines = (await history()).lignes.filter((l) => l.numLivraison.startsWith(`C${order}-`))
    expect(lines.map((l) => [l.numLivraison, l.quantiteLivree])).toEqual([
      [`C${order}-002`, 5],
      [`C${order}-001`, 12.5],
    ])
  })

  it('POST /livraisons: a delivery not ordered through Silo enters the Historique and the order advice counts it', async () => {
    const now = DateTime.fromISO(TEST_NOW, { zone: ZONE })
    const before = regularFeeds((await history()).lignes, now)
    const feed = before[0]!
    expect(feed).toBeDefined()
    const delivery = {
      numLivraison: 'BL-2026-000123',
      numTiers: DEMO.eleveur,
      dateEffectiveLivraison: TEST_TODAY,
      codeModeCamion: 'VIS',
      lignes: [{ numArticle: feed.numArticle, quantiteLivree: 7.5, numAdresse: feed.numAdresse }],
    }
    const idem = 'delivery-bl-123-0001'
    const res = await erp('/api/integration/v1/livraisons', delivery, idem)
    expect(res.status).toBe(201)
    expect(await res.json()).toEqual({
      numLivraison: 'BL-2026-000123',
      numTiers: DEMO.eleveur,
      dateEffectiveLivraison: TEST_TODAY,
      lignes: 1,
    })
    const replay = await erp('/api/integration/v1/livraisons', delivery, idem)
    expect(replay.status).toBe(201)
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    const twice = await erp('/api/integration/v1/livraisons', delivery)
    expect(twice.status).toBe(409)
    expect(await twice.json()).toEqual({
      message: 'La livraison BL-2026-000123 est déjà enregistrée.',
      code: 'LIVRAISON_EXISTANTE',
    })
    const shown = (await history()).lignes.find((l) => l.numLivraison === 'BL-2026-000123')
    expect(shown).toMatchObject({
      quantiteLivree: 7.5,
      numArticle: feed.numArticle,
      dateEffectiveLivraison: TEST_TODAY,
    })
    const after = regularFeeds((await history()).lignes, now).find(
      (f) => f.numArticle === feed.numArticle && f.numAdresse === feed.numAdresse,
    )
    expect(after).toMatchObject({ livraisons: feed.livraisons + 1, derniereLivraison: TEST_TODAY })
  })

  it('POST /livraisons refuses an unknown member (404), unknown article or address, odd quantity or date (422)', async () => {
    const base = {
      numLivraison: 'BL-REFUS-1',
      numTiers: DEMO.eleveur,
      dateEffectiveLivraison: TEST_TODAY,
      lignes: [{ numArticle: '410101', quantiteLivree: 10, numAdresse: 1 }],
    }
    const before = await footprint()
    const member = await erp('/api/integration/v1/livraisons', { ...base, numTiers: '999999' })
    expect(member.status).toBe(404)
    expect(await member.json()).toEqual({ message: 'Tiers inconnu : 999999', code: 'TIERS_INEXISTANT' })
    const article = await erp('/api/integration/v1/livraisons', {
      ...base,
      lignes: [{ numArticle: '999999', quantiteLivree: 10 }],
    })
    expect(article.status).toBe(422)
    expect(await article.json()).toEqual({
      message: 'Ligne 1, numArticle : article inconnu (999999).',
      code: 'REFERENCE_INCONNUE',
    })
    const address = await erp('/api/integration/v1/livraisons', {
      ...base,
      lignes: [{ numArticle: '410101', quantiteLivree: -1, numAdresse: 42, numCommande: '123' }],
    })
    expect(address.status).toBe(422)
    // Refusals of different kinds together: each named, under the general code.
    expect(await address.json()).toEqual({
      message: `Ligne 1, numAdresse : adresse 42 inconnue pour le tiers ${DEMO.eleveur}. Ligne 1, numCommande : commande 123 inconnue pour le tiers ${DEMO.eleveur}. Ligne 1, quantiteLivree : La quantité livrée doit être supérieure à 0 t.`,
      code: 'LIVRAISON_INVALIDE',
    })
    const future = await erp('/api/integration/v1/livraisons', { ...base, dateEffectiveLivraison: '2027-01-04' })
    expect(future.status).toBe(422)
    expect((await erp('/api/integration/v1/livraisons', { ...base, numLivraison: 'a b' })).status).toBe(400)
    expect(await footprint()).toEqual(before)
  })
  it('fuzzed bodies (schema-derived, plausible, hostile) never answer 5xx, and a refusal writes nothing', async () => {
    const target = await placeOrder('Fuzz')
    const maybe = <T>(a: fc.Arbitrary<T>) => fc.oneof(fc.constant(undefined), a)
    const quantity = fc.oneof(hostileValue, fc.double(), fc.constantFrom(0, 5, 12.5, '12,5', '-1', 29.9, 61))
    const date = fc.constantFrom(TEST_TODAY, '2026-11-20', '2026-12-30', '2020-01-01', '2026-02-30')
    const stepsBody = fc.oneof(
      fromSchema(EtapesPayload, {
        lignes: [{ idLigne: '001', etape: 'LIVREE', quantiteLivree: 12.5, dateLivraison: TEST_TODAY }],
        numLivraison: 'BL-F-1',
      }),
      fromSchema(EtapesPayload, { etape: 'VALORISEE', horodatage: '2026-11-23T09:00:00+01:00' }),
      fc.record({
        lignes: fc.array(
          fc.record({
            idLigne: fc.constantFrom('001', '002', '003'),
            etape: fc.constantFrom(...ETAPES, 'X'),
            quantiteLivree: maybe(quantity),
            dateLivraison: maybe(date),
          }),
          { minLength: 1, maxLength: 3 },
        ),
        numLivraison: maybe(fc.constantFrom('BL-F-2', 'BL-2026-000123', 'x y', '')),
      }),
    )
    const deliveryBody = fc.oneof(
      fromSchema(LivraisonPayload, {
        numLivraison: 'BL-F-3',
        numTiers: DEMO.eleveur,
        dateEffectiveLivraison: TEST_TODAY,
        lignes: [{ numArticle: '410101', quantiteLivree: 8, numAdresse: 1 }],
      }),
      fc.record({
        numLivraison: fc.constantFrom('BL-F-4', 'BL-F-5', 'BL-2026-000123'),
        numTiers: fc.constantFrom(DEMO.eleveur, DEMO.volailles, '999999', 'abc'),
        dateEffectiveLivraison: date,
        lignes: fc.array(
          fc.record({
            numArticle: fc.constantFrom('410101', '450202', '999999'),
            quantiteLivree: quantity,
            numAdresse: maybe(fc.constantFrom(1, 2, 4, 42, null)),
            numCommande: maybe(fc.constantFrom(target, '700001', '1')),
          }),
          { minLength: 1, maxLength: 3 },
        ),
      }),
    )
    const statuses = new Map<number, number>()
    const check = (send: (body: unknown) => Response | Promise<Response>) => async (body: unknown) => {
      const before = await footprint()
      const res = await send(body)
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
      expect(res.status, JSON.stringify(body)).toBeLessThan(500)
      if (res.status >= 400) expect(await footprint(), JSON.stringify(body)).toEqual(before)
    }
    await fc.assert(
      fc.asyncProperty(
        stepsBody,
        check((b) => steps(b, undefined, target)),
      ),
      { numRuns: 60 },
    )
    await fc.assert(
      fc.asyncProperty(
        deliveryBody,
        check((b) => erp('/api/integration/v1/livraisons', b)),
      ),
      { numRuns: 60 },
    )
    // Both refusals and successes were reached.
    expect([...statuses.keys()].some((s) => s < 300)).toBe(true)
    expect([...statuses.keys()].filter((s) => s >= 400).length).toBeGreaterThan(1)
  }, 120_000)
})
