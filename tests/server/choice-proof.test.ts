// Issue 25, item 3: an order staff confirmed for member X, sent after they chose member Y, goes to
// X with the proof of the choice GET /web/user/me gave them; the proof cannot be forged, replayed
// for another member, used by another session or user, or used once expired, and a refused
// request writes nothing.
import { and, count, eq } from 'drizzle-orm'
import { DateTime } from 'luxon'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { CHOICE_PROOF_HEADER } from '../../src/contract/user'
import { auditLog, commandes, evaluations, idempotencyKeys, users } from '../../src/server/db/schema'
import { DEMO } from '../../src/server/seed/demo'
import { backends, type OpenedTestDb } from './support/databases'
import { buildTestApp, get, send, signIn, TEST_NOW } from './support/app'
import { orderLine } from './support/order-line'

// TEST_NOW is Monday 2026-11-23 08:30 in Paris: Wednesday is a valid delivery day.
const order = (numTiers: string) => ({
  numTiers,
  commande: {
    commentaire: '',
    lignes: [orderLine({ codeTypeSilo2: '002', quantiteCommande: 5 })],
  },
})

describe.each(backends)('the proof of the member chosen, on $name', (backend) => {
  let opened: OpenedTestDb
  let t: ReturnType<typeof buildTestApp>
  let n = 0
  const key = () => `choice-proof-key-${++n}`
  const choose = (cookie: string, numTiers: string | null) =>
    send(t.app, 'PUT', '/web/user/me/tiers', { numTiers }, cookie)
  const proofOf = async (cookie: string) => (await (await get(t.app, '/web/user/me', cookie)).json()).preuveChoix
  const orders = async (numTiers: string) =>
    (await opened.db.select({ n: count() }).from(commandes).where(eq(commandes.numTiers, numTiers)))[0]!.n
  const keyStored = async (k: string) =>
    (await opened.db.select({ n: count() }).from(idempotencyKeys).where(eq(idempotencyKeys.key, k)))[0]!.n
  const postOrder = (cookie: string, numTiers: string, proof: string | undefined, k = key()) =>
    send(t.app, 'POST', `/web/v1/tiers/${numTiers}/commandes`, order(numTiers), cookie, {
      'Idempotency-Key': k,
      ...(proof === undefined ? {} : { [CHOICE_PROOF_HEADER]: proof }),
    })
  /** Refused with the staff refusal, and nothing written: no order, no idempotency key. */
  async function refusedWithoutWrite(cookie: string, numTiers: string, proof: string | undefined) {
    const before = await orders(numTiers)
    const k = key()
    const res = await postOrder(cookie, numTiers, proof, k)
    expect(res.status).toBe(403)
    const body = await res.json()
    expect(body.message).toMatch(/adhérent/)
    expect(await orders(numTiers)).toBe(before)
    expect(await keyStored(k)).toBe(0)
    return body
  }

  beforeAll(async () => {
    opened = await backend.open()
    t = buildTestApp(opened.db)
  })
  beforeEach(() => t.clock.set(TEST_NOW))
  afterAll(async () => opened?.close())

  it('staff acting for a member get a proof for that member, good for 24 hours; a farmer gets none', async () => {
    const adviser = await signIn(t.app, DEMO.conseiller)
    expect(await proofOf(adviser)).toBeNull()
    await choose(adviser, DEMO.eleveur)
    const proof = await proofOf(adviser)
    expect(proof).toMatchObject({ numTiers: DEMO.eleveur, jeton: expect.stringMatching(/^[\w-]+\.[\w-]+$/) })
    const hours = DateTime.fromISO(proof.expire)
      .diff(DateTime.fromISO(TEST_NOW, { zone: 'Europe/Paris' }))
      .as('hours')
    expect(hours).toBe(24)
    expect(await proofOf(await signIn(t.app, DEMO.eleveur))).toBeNull()
  })

  it('an order confirmed for X and sent after choosing Y goes to X, once, audited with both', async () => {
    const adviser = await signIn(t.app, DEMO.conseiller)
    await choose(adviser, DEMO.eleveur)
    const proof = (await proofOf(adviser)).jeton
    await choose(adviser, DEMO.volailles)
    // Without the proof: refused as before.
    await refusedWithoutWrite(adviser, DEMO.eleveur, undefined)
    const before = await orders(DEMO.eleveur)
    const k = key()
    const sent = await postOrder(adviser, DEMO.eleveur, proof, k)
    expect(sent.status).toBe(201)
    const { numero } = await sent.json()
    // The same try again (its answer was lost): the first answer, no second order.
    const again = await postOrder(adviser, DEMO.eleveur, proof, k)
    expect(again.status).toBe(201)
    expect((await again.json()).numero).toBe(numero)
    expect(await orders(DEMO.eleveur)).toBe(before + 1)
    const logged = await opened.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'commande-pour'), eq(auditLog.numTiers, DEMO.eleveur)))
    expect(
      logged.some((e) => e.username === DEMO.conseiller && (e.details as { numero: string }).numero === numero),
    ).toBe(true)
    // The survey queued with it goes too.
    const survey = { numTiers: DEMO.eleveur, numeroCommande: numero, questionnaire: { notes: { globale: 5 } } }
    const rated = await send(t.app, 'POST', '/web/v1/evualuations', survey, adviser, {
      'Idempotency-Key': key(),
      [CHOICE_PROOF_HEADER]: proof,
    })
    expect(rated.status).toBe(201)
    expect(
      (await opened.db.select({ n: count() }).from(evaluations).where(eq(evaluations.numeroCommande, numero)))[0]!.n,
    ).toBe(1)
  })

  it('a forged proof is refused: another signature, or claims changed under the same signature', async () => {
    const adviser = await signIn(t.app, DEMO.conseiller)
    await choose(adviser, DEMO.volailles)
    const real: string = (await proofOf(adviser)).jeton
    const [body, signature] = real.split('.') as [string, string]
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'))
    const forgedBody = Buffer.from(JSON.stringify({ ...claims, t: DEMO.eleveur })).toString('base64url')
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`
    for (const forged of [
      `${forgedBody}.${signature}`,
      `${forgedBody}.${flipped}`,
      `${body}.${flipped}`,
      `${forgedBody}.`,
      'pas-une-preuve',
      `${real}.${signature}`,
    ])
      await refusedWithoutWrite(adviser, DEMO.eleveur, forged)
  })

  it('a proof for one member is worth nothing for another', async () => {
    const adviser = await signIn(t.app, DEMO.conseiller)
    await choose(adviser, DEMO.eleveur)
    const proof = (await proofOf(adviser)).jeton
    await choose(adviser, DEMO.contentieux)
    await refusedWithoutWrite(adviser, DEMO.volailles, proof)
  })

  it('another session of the same user, another staff user, or a farmer cannot use it', async () => {
    const adviser = await signIn(t.app, DEMO.conseiller)
    await choose(adviser, DEMO.eleveur)
    const proof = (await proofOf(adviser)).jeton
    const otherSession = await signIn(t.app, DEMO.conseiller)
    await choose(otherSession, DEMO.volailles)
    await refusedWithoutWrite(otherSession, DEMO.eleveur, proof)
    const admin = await signIn(t.app, DEMO.admin)
    await choose(admin, DEMO.volailles)
    await refusedWithoutWrite(admin, DEMO.eleveur, proof)
    const farmer = await signIn(t.app, DEMO.volailles)
    const res = await postOrder(farmer, DEMO.eleveur, proof)
    expect(res.status).toBe(403)
  })

  it('an expired proof is refused; one a minute short of its 24 hours still works', async () => {
    const adviser = await signIn(t.app, DEMO.conseiller)
    await choose(adviser, DEMO.eleveur)
    const at = (minutes: number) => DateTime.fromISO(TEST_NOW).plus({ minutes }).toISO({ includeOffset: false })!
    // Issued a day and a minute ago, and a day less a minute ago (the session itself is current).
    t.clock.set(at(-24 * 60 - 1))
    const expired = (await proofOf(adviser)).jeton
    t.clock.set(at(-24 * 60 + 1))
    const valid = (await proofOf(adviser)).jeton
    t.clock.set(TEST_NOW)
    await choose(adviser, DEMO.volailles)
    await refusedWithoutWrite(adviser, DEMO.eleveur, expired)
    expect((await postOrder(adviser, DEMO.eleveur, valid)).status).toBe(201)
  })

  it('the roles are read again: staff who lost the right to order cannot use a proof issued before', async () => {
    const adviser = await signIn(t.app, DEMO.conseiller)
    await choose(adviser, DEMO.eleveur)
    const proof = (await proofOf(adviser)).jeton
    await choose(adviser, DEMO.volailles)
    await opened.db
      .update(users)
      .set({ roles: ['COM_ALI_ADMIN_METIER'] })
      .where(eq(users.username, DEMO.conseiller))
    try {
      await refusedWithoutWrite(adviser, DEMO.eleveur, proof)
    } finally {
      await opened.db
        .update(users)
        .set({ roles: ['COM_ALI_ECRITURE_PORTEFEUILLE'] })
        .where(eq(users.username, DEMO.conseiller))
    }
  })
})
