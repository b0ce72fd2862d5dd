// Issue 52, items 2–3: an adviser's round. POST /web/user/tournee signs that this session chose
// these members; with that proof the adviser reads for any of them and their queued orders leave for
// their own member, without choosing each on the server. The proof is worth nothing replayed from
// another session, altered, expired, for a member it does not name, or once the roles are gone; a
// refused request writes nothing.
import { and, count, eq } from 'drizzle-orm'
import { DateTime } from 'luxon'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { TOURNEE_MAX, TOURNEE_PATH, TOURNEE_TROP_LONGUE } from '../../src/contract/tournee'
import { CHOICE_PROOF_HEADER } from '../../src/contract/user'
import { auditLog, commandes, idempotencyKeys, users } from '../../src/server/db/schema'
import { DEMO } from '../../src/server/seed/demo'
import { backends, type OpenedTestDb } from './support/databases'
import { buildTestApp, send, signIn, TEST_NOW } from './support/app'
import { orderLine } from './support/order-line'

const order = (numTiers: string) => ({
  numTiers,
  commande: { commentaire: '', lignes: [orderLine({ codeTypeSilo2: '002', quantiteCommande: 5 })] },
})

describe.each(backends)('an adviser’s round, on $name', (backend) => {
  let opened: OpenedTestDb
  let t: ReturnType<typeof buildTestApp>
  let n = 0
  const key = () => `round-proof-key-${++n}`
  const prepare = (cookie: string, membres: unknown) => send(t.app, 'POST', TOURNEE_PATH, { membres }, cookie)
  const roundOf = async (cookie: string, membres: string[]) => {
    const res = await prepare(cookie, membres)
    expect(res.status).toBe(200)
    return (await res.json()).jeton as string
  }
  const lotsOf = (cookie: string, numTiers: string, proof?: string) =>
    t.app.request(`/web/v1/tiers/${numTiers}/lots`, {
      headers: { Host: 'localhost', Cookie: cookie, ...(proof ? { [CHOICE_PROOF_HEADER]: proof } : {}) },
    })
  const orders = async (numTiers: string) =>
    (await opened.db.select({ n: count() }).from(commandes).where(eq(commandes.numTiers, numTiers)))[0]!.n
  const keyStored = async (k: string) =>
    (await opened.db.select({ n: count() }).from(idempotencyKeys).where(eq(idempotencyKeys.key, k)))[0]!.n
  const postOrder = (cookie: string, numTiers: string, proof: string | undefined, k = key()) =>
    send(t.app, 'POST', `/web/v1/tiers/${numTiers}/commandes`, order(numTiers), cookie, {
      'Idempotency-Key': k,
      ...(proof === undefined ? {} : { [CHOICE_PROOF_HEADER]: proof }),
    })
  /** Refused (403), and nothing written: no order, no idempotency key; reads refused too. */
  async function refused(cookie: string, numTiers: string, proof: string | undefined) {
    const before = await orders(numTiers)
    const k = key()
    const res = await postOrder(cookie, numTiers, proof, k)
    expect(res.status).toBe(403)
    expect((await res.json()).message).toMatch(/adhérent|rôle|accès/)
    expect(await orders(numTiers)).toBe(before)
    expect(await keyStored(k)).toBe(0)
    expect((await lotsOf(cookie, numTiers, proof)).status).toBe(403)
  }

  beforeAll(async () => {
    opened = await backend.open()
    t = buildTestApp(opened.db)
  })
  beforeEach(() => t.clock.set(TEST_NOW))
  afterAll(async () => opened?.close())

  it('staff prepare a round of members: their names, a proof good for 24 hours, audited', async () => {
    const adviser = await signIn(t.app, DEMO.conseiller)
    const res = await prepare(adviser, [DEMO.eleveur, DEMO.volailles, DEMO.eleveur])
    expect(res.status).toBe(200)
    const round = await res.json()
    expect(round.membres.map((m: { numTiers: string }) => m.numTiers)).toEqual([DEMO.eleveur, DEMO.volailles])
    expect(round.membres[0].raisonSociale).toMatch(/CHÊNES/)
    const hours = DateTime.fromISO(round.expire)
      .diff(DateTime.fromISO(TEST_NOW, { zone: 'Europe/Paris' }))
      .as('hours')
    expect(hours).toBe(24)
    const logged = await opened.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'tournee'), eq(auditLog.username, DEMO.conseiller)))
    expect(logged.length).toBeGreaterThan(0)
  })

  it('a round is refused beyond 15 members (422), with an unknown member (404), or for a farmer (403)', async () => {
    const adviser = await signIn(t.app, DEMO.conseiller)
    const many = Array.from({ length: TOURNEE_MAX + 1 }, (_, i) => String(100001 + i))
    const tooLong = await prepare(adviser, many)
    expect(tooLong.status).toBe(422)
    expect((await tooLong.json()).message).toContain(TOURNEE_TROP_LONGUE)
    const unknown = await prepare(adviser, [DEMO.eleveur, '987654'])
    expect(unknown.status).toBe(404)
    expect((await unknown.json()).message).toContain('987654')
    expect((await prepare(adviser, [])).status).toBe(400)
    expect((await prepare(adviser, ['../x'])).status).toBe(400)
    const farmer = await signIn(t.app, DEMO.volailles)
    expect((await prepare(farmer, [DEMO.volailles])).status).toBe(403)
  })

  it('with the proof, the adviser reads for each member of the round, and orders leave for their own member once', async () => {
    const adviser = await signIn(t.app, DEMO.conseiller)
    const proof = await roundOf(adviser, [DEMO.eleveur, DEMO.volailles])
    // No member chosen on the server: the proof alone.
    expect((await lotsOf(adviser, DEMO.volailles)).status).toBe(403)
    expect((await lotsOf(adviser, DEMO.volailles, proof)).status).toBe(200)
    expect((await lotsOf(adviser, DEMO.eleveur, proof)).status).toBe(200)
    const before = { e: await orders(DEMO.eleveur), v: await orders(DEMO.volailles) }
    // A burst: each order sent twice at once (a flush retried), each member's once.
    const ke = key()
    const kv = key()
    const answers = await Promise.all([
      postOrder(adviser, DEMO.eleveur, proof, ke),
      postOrder(adviser, DEMO.volailles, proof, kv),
      postOrder(adviser, DEMO.eleveur, proof, ke),
      postOrder(adviser, DEMO.volailles, proof, kv),
    ])
    for (const a of answers) expect([201, 409]).toContain(a.status)
    await expect.poll(async () => (await postOrder(adviser, DEMO.eleveur, proof, ke)).status).toBe(201)
    const again = await postOrder(adviser, DEMO.volailles, proof, kv)
    expect(again.status).toBe(201)
    const { numero } = await again.json()
    expect(await orders(DEMO.eleveur)).toBe(before.e + 1)
    expect(await orders(DEMO.volailles)).toBe(before.v + 1)
    const sent = await opened.db.select().from(commandes).where(eq(commandes.numero, numero))
    expect(sent.map((c) => [c.numTiers, c.username])).toEqual([[DEMO.volailles, DEMO.conseiller]])
  })

  it('a member outside the round, another session, an altered or expired proof: refused, nothing written', async () => {
    const adviser = await signIn(t.app, DEMO.conseiller)
    const proof = await roundOf(adviser, [DEMO.eleveur])
    await refused(adviser, DEMO.volailles, proof)
    const otherSession = await signIn(t.app, DEMO.conseiller)
    await refused(otherSession, DEMO.eleveur, proof)
    const [body, signature] = proof.split('.') as [string, string]
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'))
    const widened = Buffer.from(JSON.stringify({ ...claims, t: [DEMO.eleveur, DEMO.volailles] })).toString('base64url')
    await refused(adviser, DEMO.volailles, `${widened}.${signature}`)
    await refused(adviser, DEMO.eleveur, `${body}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`)
    const farmer = await signIn(t.app, DEMO.volailles)
    expect((await lotsOf(farmer, DEMO.eleveur, proof)).status).toBe(403)
    // Issued a day and a minute ago.
    t.clock.set(
      DateTime.fromISO(TEST_NOW)
        .minus({ minutes: 24 * 60 + 1 })
        .toISO({ includeOffset: false })!,
    )
    const old = await roundOf(adviser, [DEMO.eleveur])
    t.clock.set(TEST_NOW)
    await refused(adviser, DEMO.eleveur, old)
  })

  it('staff who may no longer act for members cannot use a round prepared before', async () => {
    const adviser = await signIn(t.app, DEMO.conseiller)
    const proof = await roundOf(adviser, [DEMO.eleveur])
    await opened.db
      .update(users)
      .set({ roles: ['COM_ALI_LECTURE_TOUS'] })
      .where(eq(users.username, DEMO.conseiller))
    try {
      await refused(adviser, DEMO.eleveur, proof)
    } finally {
      await opened.db
        .update(users)
        .set({ roles: ['COM_ALI_ECRITURE_PORTEFEUILLE'] })
        .where(eq(users.username, DEMO.conseiller))
    }
  })
})
