// Sending an order (cart-orders-admin §7, §8): checked again with src/domain, stored once per
// Idempotency-Key whatever the replays, refused with the spec's 409 format; the survey likewise.
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseConflictMessage } from '../../src/domain/conflict'
import { commandes, evaluations, mailOutbox } from '../../src/server/db/schema'
import { DEMO } from '../../src/server/seed/demo'
import { backends, type OpenedTestDb } from './support/databases'
import { buildTestApp, get, send, signIn } from './support/app'

// TEST_NOW is Monday 2026-11-23 08:30 in Paris: before the 10:00 pivot, so Tuesday is allowed.
const line = (over: Record<string, unknown> = {}) => ({
  idLigne: '001',
  numArticle: '410102',
  libelleArticle: 'VL Production 22 % vrac',
  codeTypeArticle: 'A',
  codeUniteArticle: 'T',
  numAdresse: 1,
  datePrevueLivraison: '2026-11-25',
  finDatePrevueLivraison: '2026-11-27',
  matinApmidi: 'ID',
  finMatinApmidi: 'ID',
  codeModeCamion: 'VIS',
  codeTypeSilo1: '001',
  codeTypeSilo2: '002',
  quantiteCommande: 12.5,
  supplementations: [],
  mineraux: [],
  codeReglement: 'PRE30',
  ...over,
})
const order = (lignes: unknown[], numTiers: string = DEMO.eleveur) => ({
  numTiers,
  commande: { commentaire: 'Portail vert', lignes },
})
const key = (n: string) => `test-key-${n}-0123456789`

describe.each(backends)('orders on $name', (backend) => {
  let opened: OpenedTestDb
  let t: ReturnType<typeof buildTestApp>
  let farmer: string
  const path = `/web/v1/tiers/${DEMO.eleveur}/commandes`
  const post = (body: unknown, k?: string, cookie = farmer) =>
    send(t.app, 'POST', path, body, cookie, k ? { 'Idempotency-Key': k } : {})
  const orderCount = async () =>
    (await opened.db.select({ n: count() }).from(commandes).where(eq(commandes.numTiers, DEMO.eleveur)))[0]!.n

  beforeAll(async () => {
    opened = await backend.open()
    t = buildTestApp(opened.db)
    farmer = await signIn(t.app, DEMO.eleveur)
  })
  afterAll(async () => opened?.close())

  it('the current orders give each line its supplementations and minerals with their labels', async () => {
    const extras = line({
      supplementations: [{ numArticle: '480101' }],
      mineraux: [{ numArticle: '470102', quantiteCommande: 2 }],
    })
    const res = await post(order([extras]), key('extras'))
    expect(res.status, await res.clone().text()).toBe(201)
    const { numero } = (await res.json()) as { numero: string }
    const list = (await (await get(t.app, `${path}/commandes-en-cours`, farmer)).json()) as {
      numero: string
      lignes: { supplementations: unknown[]; mineraux: unknown[] }[]
    }[]
    const mine = list.find((c) => c.numero === numero)!
    expect(mine.lignes[0]!.supplementations).toEqual([{ numArticle: '480101', libelleArticle: expect.any(String) }])
    expect(mine.lignes[0]!.mineraux).toEqual([
      { numArticle: '470102', libelleArticle: expect.any(String), quantiteCommande: 2 },
    ])
  })

  it('a valid order is stored with its number, shows in the current orders, and its mail is kept', async () => {
    const before = await orderCount()
    const res = await post(
      order([
        line(),
        line({ idLigne: '002', numArticle: '410101', libelleArticle: 'VL Production 18 % vrac', quantiteCommande: 5 }),
      ]),
      key('a'),
    )
    expect(res.status).toBe(201)
    const body = await res.json()
    expect(body).toEqual({ numero: expect.stringMatching(/^\d{6,}$/), mail: 'gaec.troischenes@example.org' })
    expect(await orderCount()).toBe(before + 1)
    const enCours = await (await get(t.app, `${path}/commandes-en-cours`, farmer)).json()
    const stored = enCours.find((c: { numero: string }) => c.numero === body.numero)
    expect(stored.lignes.map((l: { idLigne: string; etape: string }) => [l.idLigne, l.etape])).toEqual([
      ['001', 'ENREGISTREE'],
      ['002', 'ENREGISTREE'],
    ])
    expect(stored.commentaire).toBe('Portail vert')
    const mails = await opened.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'gaec.troischenes@example.org'))
    expect(mails.some((m) => m.subject.includes(body.numero) && m.body.includes('VL Production 22 % vrac'))).toBe(true)
  })

  it('a replay with the same key returns the first answer and stores nothing more', async () => {
    const first = await (await post(order([line()]), key('b'))).json()
    const n = await orderCount()
    const again = await post(order([line()]), key('b'))
    expect(again.status).toBe(201)
    expect(again.headers.get('Idempotent-Replayed')).toBe('true')
    expect(await again.json()).toEqual(first)
    expect(await orderCount()).toBe(n)
  })

  it('the same key with another body gets 422; a malformed key 400', async () => {
    await post(order([line()]), key('c'))
    const other = await post(order([line({ quantiteCommande: 3 })]), key('c'))
    expect(other.status).toBe(422)
    expect((await other.json()).message).toContain("clé d'idempotence")
    expect((await post(order([line()]), 'court')).status).toBe(400)
  })

  it('concurrent sends of one key make exactly one order', async () => {
    const n = await orderCount()
    const answers = await Promise.all([0, 1, 2, 3].map(() => post(order([line({ quantiteCommande: 7 })]), key('d'))))
    const statuses = answers.map((a) => a.status).sort()
    // Each answer is the order (first or replayed) or "still running, try later" — never a second order.
    for (const s of statuses) expect([201, 409]).toContain(s)
    expect(statuses).toContain(201)
    for (const a of answers.filter((x) => x.status === 409)) expect((await a.json()).code).toBe('IDEMPOTENCE_EN_COURS')
    expect(await orderCount()).toBe(n + 1)
  })

  it('an invalid order gets 409 in the spec format and stores nothing', async () => {
    const n = await orderCount()
    const res = await post(
      order([
        line({ datePrevueLivraison: '2026-11-28', finDatePrevueLivraison: '2026-11-28' }), // a Saturday
        line({ idLigne: '002', numArticle: '410103', quantiteCommande: 40 }), // not orderable by 100001, above 29 t
      ]),
      key('e'),
    )
    expect(res.status).toBe(409)
    const { message, code } = await res.json()
    expect(code).toBe('COMMANDE_INVALIDE')
    const entries = parseConflictMessage(message)
    expect(entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ letter: 'A', number: '410102', reason: 'La date doit être un jour ouvré' }),
        expect.objectContaining({ number: '410103', label: 'VL Tarissement vrac', reason: 'Article non commandable' }),
      ]),
    )
    expect(entries.some((e) => e.number === '410103' && e.name === 'quantiteCommande')).toBe(true)
    expect(await orderCount()).toBe(n)
  })

  it('rights: another customer 403, blocking incident 403, adviser acting for the member 201, bad body 400', async () => {
    expect(
      (await send(t.app, 'POST', `/web/v1/tiers/${DEMO.volailles}/commandes`, order([line()], DEMO.volailles), farmer))
        .status,
    ).toBe(403)
    const blocked = await signIn(t.app, DEMO.contentieux)
    const contentieux = await send(
      t.app,
      'POST',
      `/web/v1/tiers/${DEMO.contentieux}/commandes`,
      order([line()], DEMO.contentieux),
      blocked,
    )
    expect(contentieux.status).toBe(403)
    expect((await contentieux.json()).message).toContain('incident de paiement')
    const adviser = await signIn(t.app, DEMO.conseiller)
    await send(t.app, 'PUT', '/web/user/me/tiers', { numTiers: DEMO.eleveur }, adviser)
    expect((await post(order([line({ quantiteCommande: 4 })]), key('f'), adviser)).status).toBe(201)
    const bad = await post({ numTiers: DEMO.eleveur, commande: { commentaire: '', lignes: [] } }, key('g'))
    expect(bad.status).toBe(400)
    expect((await bad.json()).message).toContain('aucune ligne')
    expect((await post(order([line()], DEMO.volailles), key('h'))).status).toBe(400)
  })

  it('payment proposals for a line: due date from the delivery start, the default first', async () => {
    const props = await (
      await get(
        t.app,
        `/web/v1/tiers/${DEMO.eleveur}/reglement-commande?numArticle=410102&codeTArt=A&dateValidite=2026-11-25`,
        farmer,
      )
    ).json()
    expect(props[0].parDefaut).toBe(true)
    const pre30 = props.find((p: { codeRegt: string }) => p.codeRegt === 'PRE30')
    if (pre30) expect(pre30).toMatchObject({ datePrevEche: '2026-12-25', domiciliationsBancaires: expect.any(Array) })
    const cpt = props.find((p: { codeRegt: string }) => p.codeRegt === 'CPT')
    if (cpt) expect(cpt).toMatchObject({ datePrevEche: '2026-11-25', domiciliationsBancaires: [] })
  })

  it('the survey is stored once per key; bad notes get 400', async () => {
    const body = {
      numTiers: DEMO.eleveur,
      numeroCommande: '700001',
      questionnaire: { notes: { globale: 4.5, design: 4 }, commentaire: 'Très pratique dans la stabulation' },
    }
    const first = await send(t.app, 'POST', '/web/v1/evualuations', body, farmer, { 'Idempotency-Key': key('s') })
    expect(first.status).toBe(201)
    const again = await send(t.app, 'POST', '/web/v1/evualuations', body, farmer, { 'Idempotency-Key': key('s') })
    expect(await again.json()).toEqual(await first.json())
    const rows = await opened.db.select().from(evaluations).where(eq(evaluations.numTiers, DEMO.eleveur))
    expect(rows.filter((r) => r.commentaire === 'Très pratique dans la stabulation')).toHaveLength(1)
    const bad = await send(
      t.app,
      'POST',
      '/web/v1/evualuations',
      { ...body, questionnaire: { notes: { globale: 4.3 } } },
      farmer,
    )
    expect(bad.status).toBe(400)
    expect(
      (await send(t.app, 'POST', '/web/v1/evualuations', { ...body, numTiers: DEMO.volailles }, farmer)).status,
    ).toBe(403)
  })
})
