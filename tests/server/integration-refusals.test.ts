// Integration writes checked as the app's (issue 49, item 4): a delivery's farm, building, lot,
// address and truck mode must be the member's (or exist), its date between its order's (or
// 2000-01-01) and today, a step's horodatage neither in the future nor before its order, and a
// tonnage at most 3 decimals. Each refusal is 422 naming its field, writes nothing, and leaves
// its Idempotency-Key free for the corrected request.
import { sql } from 'drizzle-orm'
import { DateTime } from 'luxon'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ZONE } from '../../src/domain/calendar'
import { selectRows } from '../../src/server/db/raw'
import { DEMO } from '../../src/server/seed/demo'
import { createApiKey } from '../../src/server/services/api-keys'
import { backends, type OpenedTestDb } from './support/databases'
import { withOpenApiCheck } from './support/openapi-check'
import { buildTestApp, send, signIn, TEST_NOW, TEST_TODAY } from './support/app'
import { orderLine } from './support/order-line'

type Farm = {
  tiers: string
  exploitation: number
  batiment: number
  lot: string
}

describe.each(backends)('integration writes refused as the app refuses them, on $name', (backend) => {
  let opened: OpenedTestDb
  let t: ReturnType<typeof buildTestApp>
  let key: string
  let numero: string
  /** A member with a lot, its building and farm; and another member's farm, building and lot. */
  let own: Farm
  let other: Farm
  let n = 0
  const erp = (path: string, body: unknown, idem = `refus-${++n}-${Date.now()}`) =>
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
  const deliver = (body: unknown, idem?: string) => erp('/api/integration/v1/livraisons', body, idem)
  const steps = (body: unknown, idem?: string) => erp(`/api/integration/v1/commandes/${numero}/etapes`, body, idem)
  /** Every row an integration write could add or change. */
  const footprint = async () =>
    (
      await opened.db.execute(
        sql`select (select count(*) from livraisons)::int as livraisons,
          (select count(*) from livraison_lignes)::int as lignes_livrees,
          (select count(*) from commande_etapes)::int as etapes,
          (select count(*) from idempotency_keys)::int as cles,
          (select string_agg(etape, ',' order by id) from commande_lignes)::text as lignes`,
      )
    ).rows[0]
  const farmOf = async (where: ReturnType<typeof sql>) => {
    const [row] = await selectRows<Farm>(
      opened.db,
      sql`select l.num_tiers as tiers, l.num_exploitation as exploitation, l.num_batiment as batiment, l.num_lot as lot
          from lots l where ${where} order by l.num_lot limit 1`,
    )
    return row!
  }
  const delivery = (over: Record<string, unknown> = {}, line: Record<string, unknown> = {}) => ({
    numLivraison: `BL-R-${++n}`,
    numTiers: own.tiers,
    dateEffectiveLivraison: TEST_TODAY,
    codeModeCamion: 'VIS',
    ...over,
    lignes: [
      {
        numArticle: '410101',
        quantiteLivree: 8,
        numExploitation: own.exploitation,
        numBatiment: own.batiment,
        numLot: own.lot,
        ...line,
      },
    ],
  })

  beforeAll(async () => {
    opened = await backend.open()
    t = withOpenApiCheck(buildTestApp(opened.db))
    key = (await createApiKey(opened.db, 'ERP')).key
    own = await farmOf(sql`true`)
    // Another member's building, with a lot of its own (the demo has lots for one member only).
    const [theirs] = await selectRows<Omit<Farm, 'lot'>>(
      opened.db,
      sql`select num_tiers as tiers, num_exploitation as exploitation, num_batiment as batiment from batiments
          where num_tiers <> ${own.tiers} order by num_batiment limit 1`,
    )
    other = { ...theirs!, lot: 'LOT-AUTRE-TIERS' }
    await opened.db.execute(
      sql`insert into lots (num_lot, num_tiers, num_exploitation, num_batiment, date_mep, nb_animaux)
        values (${other.lot}, ${other.tiers}, ${other.exploitation}, ${other.batiment}, ${TEST_TODAY}, 1000)`,
    )
    const farmer = await signIn(t.app, DEMO.eleveur)
    const res = await send(
      t.app,
      'POST',
      `/web/v1/tiers/${DEMO.eleveur}/commandes`,
      { numTiers: DEMO.eleveur, commande: { commentaire: 'Refus', lignes: [orderLine()] } },
      farmer,
      { 'Idempotency-Key': 'refusals-order-0001' },
    )
    expect(res.status).toBe(201)
    numero = ((await res.json()) as { numero: string }).numero
  })
  afterAll(async () => opened?.close())

  it('the member’s own farm, building, lot and truck mode: 201 (what the refusals are measured against)', async () => {
    const res = await deliver(delivery())
    expect(res.status, await res.clone().text()).toBe(201)
  })

  it('a delivery naming what is not the member’s, or nothing: 422 REFERENCE_INCONNUE naming the field, nothing written', async () => {
    const cases: [string, Record<string, unknown>, Record<string, unknown>, string][] = [
      [
        'another member’s farm',
        {},
        { numExploitation: other.exploitation, numBatiment: null, numLot: null },
        'Ligne 1, numExploitation :',
      ],
      ['an unknown building', {}, { numBatiment: 987654, numLot: null }, 'Ligne 1, numBatiment :'],
      [
        'another member’s building',
        {},
        { numExploitation: null, numBatiment: other.batiment, numLot: null },
        'Ligne 1, numBatiment :',
      ],
      ['an unknown lot', {}, { numLot: 'LOT-INCONNU' }, 'Ligne 1, numLot :'],
      [
        'another member’s lot',
        {},
        { numExploitation: null, numBatiment: null, numLot: other.lot },
        'Ligne 1, numLot :',
      ],
      ['an unknown address', {}, { numAdresse: 42 }, 'Ligne 1, numAdresse :'],
      ['an unknown truck code', { codeModeCamion: 'ZZZ' }, {}, 'codeModeCamion : mode camion ZZZ inconnu.'],
      ['an unknown article', {}, { numArticle: '999999' }, 'Ligne 1, numArticle :'],
    ]
    for (const [what, over, line, field] of cases) {
      const before = await footprint()
      const res = await deliver(delivery(over, line))
      expect(res.status, what).toBe(422)
      const body = await res.json()
      expect(body, what).toEqual({ message: expect.stringContaining(field), code: 'REFERENCE_INCONNUE' })
      expect(await footprint(), what).toEqual(before)
    }
  })

  it('a building of another of the member’s farms, a lot of another building: 422 naming the field', async () => {
    const [second] = (
      await opened.db.execute(
        sql`select num_batiment as n from batiments where num_tiers = ${own.tiers} and num_batiment <> ${own.batiment} limit 1`,
      )
    ).rows as { n: number }[]
    if (second) {
      const res = await deliver(delivery({}, { numBatiment: second.n }))
      expect(res.status).toBe(422)
      expect((await res.json()).message).toMatch(/Ligne 1, num(Batiment|Lot) : le (bâtiment|lot) .* d’une? autre/)
    }
    const mismatched = await deliver(delivery({}, { numExploitation: other.exploitation }))
    expect(mismatched.status).toBe(422)
    expect((await mismatched.json()).message).toContain('Ligne 1, numExploitation :')
  })

  it('dates out of their period: 1900, before the order it delivers, tomorrow: 422 DATE_HORS_PERIODE naming the field', async () => {
    const tomorrow = DateTime.fromISO(TEST_NOW, { zone: ZONE }).plus({ days: 1 }).toISODate()!
    const cases: [Record<string, unknown>, Record<string, unknown>, string][] = [
      [
        { dateEffectiveLivraison: '1900-01-01' },
        {},
        'dateEffectiveLivraison : La date de livraison (1900-01-01) précède le 2000-01-01.',
      ],
      [{ dateEffectiveLivraison: '1999-12-31' }, {}, 'précède le 2000-01-01'],
      [
        { dateEffectiveLivraison: tomorrow },
        {},
        `dateEffectiveLivraison : La date de livraison (${tomorrow}) est dans le futur.`,
      ],
      [
        { numTiers: DEMO.eleveur, dateEffectiveLivraison: '2026-11-20' },
        { numCommande: numero, numExploitation: null, numBatiment: null, numLot: null, numAdresse: 1 },
        `dateEffectiveLivraison : La date de livraison (2026-11-20) précède la commande (${TEST_TODAY}).`,
      ],
    ]
    for (const [over, line, message] of cases) {
      const before = await footprint()
      const res = await deliver(delivery(over, line))
      expect(res.status, message).toBe(422)
      expect(await res.json()).toEqual({ message: expect.stringContaining(message), code: 'DATE_HORS_PERIODE' })
      expect(await footprint()).toEqual(before)
    }
    // The first day allowed passes, and so does the day of the order.
    expect((await deliver(delivery({ dateEffectiveLivraison: '2000-01-01' }))).status).toBe(201)
  })

  it('a tonnage with a 4th decimal, as a number or as text: 422 naming the field, nothing written', async () => {
    for (const q of [8.1234, '8,1234', 0.0001]) {
      const before = await footprint()
      const res = await deliver(delivery({}, { quantiteLivree: q }))
      expect(res.status, String(q)).toBe(422)
      expect(await res.json()).toEqual({
        message: 'lignes.0.quantiteLivree : quantité en tonnes : 3 décimales au plus (le kg)',
        code: 'LIVRAISON_INVALIDE',
      })
      const step = await steps({ lignes: [{ idLigne: '001', etape: 'LIVREE', quantiteLivree: q }] })
      expect(step.status, String(q)).toBe(422)
      expect((await step.json()).message).toBe(
        'lignes.0.quantiteLivree : quantité en tonnes : 3 décimales au plus (le kg)',
      )
      expect(await footprint()).toEqual(before)
    }
    // 3 decimals, and trailing zeros, are the kg: accepted.
    expect((await deliver(delivery({}, { quantiteLivree: '8,1230' }))).status).toBe(201)
  })

  it('a step dated year 0001, or tomorrow: 422 DATE_HORS_PERIODE naming horodatage, nothing written', async () => {
    const tomorrow = DateTime.fromISO(TEST_NOW, { zone: ZONE }).plus({ days: 1 }).toISO()!
    const cases: [string, string][] = [
      ['0001-01-01T00:00:00Z', 'horodatage : L’horodatage (0001-01-01T00:00:00.000Z) précède la commande ('],
      ['2026-11-22T12:00:00+01:00', 'horodatage : L’horodatage (2026-11-22T11:00:00.000Z) précède la commande ('],
      [tomorrow, 'est dans le futur.'],
    ]
    for (const [horodatage, message] of cases) {
      const before = await footprint()
      const res = await steps({ etape: 'VALORISEE', horodatage })
      expect(res.status, horodatage).toBe(422)
      expect(await res.json()).toEqual({ message: expect.stringContaining(message), code: 'DATE_HORS_PERIODE' })
      expect(await footprint()).toEqual(before)
    }
  })

  it('a refused request leaves its Idempotency-Key free: the corrected body under the same key is written', async () => {
    const idem = 'refused-then-corrected-0001'
    const before = await footprint()
    const refused = await steps({ etape: 'VALORISEE', horodatage: '0001-01-01T00:00:00Z' }, idem)
    expect(refused.status).toBe(422)
    expect(await footprint()).toEqual(before)
    const corrected = await steps({ etape: 'VALORISEE' }, idem)
    expect(corrected.status).toBe(200)
    expect(corrected.headers.get('idempotent-replayed')).toBeNull()
    const deliveryIdem = 'refused-delivery-then-corrected-0001'
    expect((await deliver(delivery({ codeModeCamion: 'ZZZ', numLivraison: 'BL-CORR-1' }), deliveryIdem)).status).toBe(
      422,
    )
    expect((await deliver(delivery({ numLivraison: 'BL-CORR-1' }), deliveryIdem)).status).toBe(201)
  })
})
