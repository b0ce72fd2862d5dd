// The message banner (cart-orders-admin §2 screen 5, §3 "Banner message", §4, §5, §7), role
// COM_ALI_ADMIN_METIER. Today is TEST_TODAY (2026-11-23); the seed has two past messages, one
// running (started 3 days ago) and one starting in 7 days.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, messagesBandeau } from '../../src/server/db/schema'
import { backends, type OpenedTestDb } from './support/databases'
import { buildTestApp, get, send, signIn, TEST_TODAY } from './support/app'

type Row = { id: number; texte: string; dateDebut: string; dateFin: string | null }
const msg = (texte: unknown, dateDebut: unknown, dateFin: unknown) => ({ texte, dateDebut, dateFin })

describe.each(backends)('banner messages on $name', (backend) => {
  let opened: OpenedTestDb
  let t: ReturnType<typeof buildTestApp>
  let admin: string

  beforeAll(async () => {
    opened = await backend.open()
    t = buildTestApp(opened.db)
    admin = await signIn(t.app, 'admin')
  })
  afterAll(async () => opened?.close())

  const list = async (): Promise<Row[]> => (await get(t.app, '/web/v1/messages', admin)).json()

  it('a farmer and an adviser get 403 on every call, even with a bad body; without a session 401', async () => {
    const [first] = await list()
    for (const username of ['100001', 'conseiller']) {
      const cookie = await signIn(t.app, username)
      expect((await get(t.app, '/web/v1/messages', cookie)).status).toBe(403)
      const post = await send(t.app, 'POST', '/web/v1/messages', msg('x', TEST_TODAY, TEST_TODAY), cookie)
      expect(post.status).toBe(403)
      expect((await post.json()).message).toEqual(expect.any(String))
      expect((await send(t.app, 'POST', '/web/v1/messages', '{"texte":', cookie)).status).toBe(403)
      expect(
        (await send(t.app, 'PUT', `/web/v1/messages/${first!.id}`, msg('x', TEST_TODAY, TEST_TODAY), cookie)).status,
      ).toBe(403)
      expect((await send(t.app, 'PUT', '/web/v1/messages/abc', { nope: true }, cookie)).status).toBe(403)
      expect((await send(t.app, 'DELETE', `/web/v1/messages/${first!.id}`, undefined, cookie)).status).toBe(403)
    }
    expect((await get(t.app, '/web/v1/messages')).status).toBe(401)
    expect((await send(t.app, 'POST', '/web/v1/messages', msg('x', TEST_TODAY, TEST_TODAY))).status).toBe(401)
    expect((await send(t.app, 'PUT', `/web/v1/messages/${first!.id}`, msg('x', TEST_TODAY, TEST_TODAY))).status).toBe(
      401,
    )
    expect((await send(t.app, 'DELETE', `/web/v1/messages/${first!.id}`, undefined)).status).toBe(401)
    expect(await opened.db.select().from(messagesBandeau)).toHaveLength(4)
  })

  it('the admin reads every message, current and past', async () => {
    const res = await get(t.app, '/web/v1/messages', admin)
    expect(res.status).toBe(200)
    const rows: Row[] = await res.json()
    expect(rows).toHaveLength(4)
    expect(rows[0]).toEqual({
      id: expect.any(Number),
      texte: expect.stringMatching(/^Assemblée générale/),
      dateDebut: '2026-09-24',
      dateFin: '2026-10-14',
    })
    expect(rows.filter((r) => r.dateFin! < TEST_TODAY)).toHaveLength(2)
  })

  it('POST creates the message (201, its id in the answer), audited; it reaches the farmers’ banner when current', async () => {
    const res = await send(
      t.app,
      'POST',
      '/web/v1/messages',
      { texte: '  Silo fermé jeudi.  ', dateDebut: TEST_TODAY, dateFin: '2026-11-26' },
      admin,
    )
    expect(res.status).toBe(201)
    const created: Row = await res.json()
    expect(created).toEqual({
      id: expect.any(Number),
      texte: 'Silo fermé jeudi.',
      dateDebut: TEST_TODAY,
      dateFin: '2026-11-26',
    })
    expect((await list()).find((r) => r.id === created.id)).toEqual(created)

    const farmer = await signIn(t.app, '100001')
    const ref = await (await get(t.app, '/web/v1/referentiel?numTiers=100001', farmer)).json()
    expect(ref.messagesBandeau).toContainEqual(created)

    const logged = await opened.db.select().from(auditLog).where(eq(auditLog.action, 'message-bandeau-cree'))
    expect(logged).toEqual([expect.objectContaining({ username: 'admin', numTiers: null, details: created })])
  })

  it("422 with the spec's messages: 'Valeur requise', 'La date de fin doit être supérieure ou égale à la date de début'; past dates refused", async () => {
    const cases: [unknown, string][] = [
      [msg('', TEST_TODAY, TEST_TODAY), 'Valeur requise'],
      [msg('   ', TEST_TODAY, TEST_TODAY), 'Valeur requise'],
      [{ dateDebut: TEST_TODAY, dateFin: TEST_TODAY }, 'Valeur requise'],
      [msg('Fermé', '', TEST_TODAY), 'Valeur requise'],
      [msg('Fermé', TEST_TODAY, null), 'Valeur requise'],
      [{ texte: 'Fermé', dateDebut: TEST_TODAY }, 'Valeur requise'],
      [{}, 'Valeur requise'],
      [msg('Fermé', '2026-11-25', '2026-11-24'), 'La date de fin doit être supérieure ou égale à la date de début'],
      [msg('Fermé', '2026-02-30', TEST_TODAY), 'Valeur requise'],
      [msg('Fermé', '2026-11-22', '2026-11-24'), 'La date ne peut pas être antérieure à aujourd’hui'],
    ]
    for (const [body, message] of cases) {
      const res = await send(t.app, 'POST', '/web/v1/messages', body, admin)
      expect(res.status, JSON.stringify(body)).toBe(422)
      expect((await res.json()).message, JSON.stringify(body)).toBe(message)
    }
    const both = await send(t.app, 'POST', '/web/v1/messages', msg('', '2026-11-25', '2026-11-24'), admin)
    expect(both.status).toBe(422)
    expect((await both.json()).message).toBe(
      'Valeur requise ; La date de fin doit être supérieure ou égale à la date de début',
    )
    expect(await list()).toHaveLength(5)
  })

  it('bad shapes answer 400 in French, never 500', async () => {
    const malformed = await send(t.app, 'POST', '/web/v1/messages', '{"texte":', admin)
    expect(malformed.status).toBe(400)
    expect((await malformed.json()).message).toBe('Requête invalide : JSON mal formé.')
    for (const body of [
      [],
      msg(12, TEST_TODAY, TEST_TODAY),
      msg('Fermé', '23/11/2026', TEST_TODAY),
      msg('x'.repeat(501), TEST_TODAY, TEST_TODAY),
    ]) {
      const res = await send(t.app, 'POST', '/web/v1/messages', body, admin)
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400)
      expect((await res.json()).message).toMatch(/^Requête invalide/)
    }
    const [first] = await list()
    expect((await send(t.app, 'PUT', `/web/v1/messages/${first!.id}`, '{', admin)).status).toBe(400)
    const mismatch = await send(
      t.app,
      'PUT',
      `/web/v1/messages/${first!.id}`,
      { ...first, id: first!.id + 1000 },
      admin,
    )
    expect(mismatch.status).toBe(400)
    expect((await mismatch.json()).message).toBe('Requête invalide : l’id du corps doit être celui du chemin.')
    expect((await send(t.app, 'PUT', '/web/v1/messages/abc', msg('x', TEST_TODAY, TEST_TODAY), admin)).status).toBe(400)
    expect((await send(t.app, 'DELETE', '/web/v1/messages/1e3', undefined, admin)).status).toBe(400)
    expect((await send(t.app, 'DELETE', '/web/v1/messages/99999999999', undefined, admin)).status).toBe(400)
  })

  it('PUT updates (a running message keeps its past start), audited; 404 for an unknown id', async () => {
    const running = (await list()).find((r) => r.texte.startsWith('Jours fériés'))!
    expect(running.dateDebut < TEST_TODAY).toBe(true)
    const res = await send(
      t.app,
      'PUT',
      `/web/v1/messages/${running.id}`,
      { ...running, texte: 'Jours fériés : commandez tôt.', dateFin: '2026-12-31' },
      admin,
    )
    expect(res.status).toBe(200)
    const saved: Row = await res.json()
    expect(saved).toEqual({ ...running, texte: 'Jours fériés : commandez tôt.', dateFin: '2026-12-31' })
    expect((await list()).find((r) => r.id === running.id)).toEqual(saved)
    // Moving the start to another past day is refused.
    const past = await send(
      t.app,
      'PUT',
      `/web/v1/messages/${running.id}`,
      { ...saved, dateDebut: '2026-11-01' },
      admin,
    )
    expect(past.status).toBe(422)
    expect((await past.json()).message).toBe('La date ne peut pas être antérieure à aujourd’hui')
    const order = await send(
      t.app,
      'PUT',
      `/web/v1/messages/${running.id}`,
      { ...saved, dateDebut: '2026-12-02', dateFin: '2026-12-01' },
      admin,
    )
    expect(order.status).toBe(422)
    expect((await order.json()).message).toBe('La date de fin doit être supérieure ou égale à la date de début')

    const [log] = await opened.db.select().from(auditLog).where(eq(auditLog.action, 'message-bandeau-modifie'))
    expect(log).toMatchObject({ username: 'admin', details: { id: running.id, avant: running, apres: saved } })

    for (const id of [987654, -1]) {
      const unknown = await send(t.app, 'PUT', `/web/v1/messages/${id}`, msg('x', TEST_TODAY, TEST_TODAY), admin)
      expect(unknown.status).toBe(404)
      expect((await unknown.json()).message).toBe('Message inconnu')
    }
  })

  it('DELETE removes the message (204), audited, and it leaves the farmers’ banner; 404 when unknown or already gone', async () => {
    const created: Row = await (
      await send(t.app, 'POST', '/web/v1/messages', msg('À supprimer', TEST_TODAY, TEST_TODAY), admin)
    ).json()
    const farmer = await signIn(t.app, '100001')
    const banner = async () =>
      (await (await get(t.app, '/web/v1/referentiel?numTiers=100001', farmer)).json()).messagesBandeau as Row[]
    expect((await banner()).map((m) => m.id)).toContain(created.id)

    const res = await send(t.app, 'DELETE', `/web/v1/messages/${created.id}`, undefined, admin)
    expect(res.status).toBe(204)
    expect((await list()).map((r) => r.id)).not.toContain(created.id)
    expect((await banner()).map((m) => m.id)).not.toContain(created.id)
    const [log] = await opened.db.select().from(auditLog).where(eq(auditLog.action, 'message-bandeau-supprime'))
    expect(log).toMatchObject({ username: 'admin', details: created })

    const again = await send(t.app, 'DELETE', `/web/v1/messages/${created.id}`, undefined, admin)
    expect(again.status).toBe(404)
    expect((await again.json()).message).toBe('Message inconnu')
    expect((await send(t.app, 'DELETE', '/web/v1/messages/-1', undefined, admin)).status).toBe(404)
  })

  it('a message that ended yesterday stays in GET but leaves the banner', async () => {
    const created: Row = await (
      await send(t.app, 'POST', '/web/v1/messages', msg('Hier encore', TEST_TODAY, TEST_TODAY), admin)
    ).json()
    t.clock.set('2026-11-24T08:00:00')
    try {
      admin = await signIn(t.app, 'admin')
      const farmer = await signIn(t.app, '100001')
      const ref = await (await get(t.app, '/web/v1/referentiel?numTiers=100001', farmer)).json()
      expect(ref.messagesBandeau.map((m: Row) => m.id)).not.toContain(created.id)
      expect((await list()).map((r) => r.id)).toContain(created.id)
    } finally {
      t.clock.set(`${TEST_TODAY}T08:30:00`)
    }
  })
})
