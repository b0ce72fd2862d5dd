// Member search and acting for a member (cart-orders-admin §2 "Member search", §6).
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../src/server/db/schema'
import { backends, type OpenedTestDb } from './support/databases'
import { buildTestApp, get, send, signIn } from './support/app'

describe.each(backends)('member search and connect-as on $name', (backend) => {
  let opened: OpenedTestDb
  let t: ReturnType<typeof buildTestApp>

  beforeAll(async () => {
    opened = await backend.open()
    t = buildTestApp(opened.db)
  })
  afterAll(async () => opened?.close())

  it('the adviser finds members by name with their number and town', async () => {
    const cookie = await signIn(t.app, 'conseiller')
    const res = await get(t.app, '/web/v1/tiers/search?q=gaec', cookie)
    expect(res.status).toBe(200)
    const found = await res.json()
    expect(found.length).toBeGreaterThan(3)
    for (const m of found) expect(m.raisonSociale.toUpperCase()).toContain('GAEC')
    expect(found[0]).toMatchObject({ numTiers: expect.any(String), adresse: { ville: expect.any(String) } })
    const byNumber = await (await get(t.app, '/web/v1/tiers/search?q=10000', cookie)).json()
    expect(byNumber.map((m: { numTiers: string }) => m.numTiers)).toContain('100001')
  })

  it('ignores case and accents, on the name, the town and the number', async () => {
    const cookie = await signIn(t.app, 'conseiller')
    const names = async (q: string) =>
      (
        (await (await get(t.app, `/web/v1/tiers/search?q=${encodeURIComponent(q)}`, cookie)).json()) as {
          numTiers: string
          raisonSociale: string
        }[]
      ).map((m) => m.raisonSociale)
    for (const q of ['Chênes', 'chenes', 'CHÊNES', 'trois chênes'])
      expect(await names(q)).toContain('GAEC DES TROIS CHÊNES')
    for (const q of ['Vallée', 'vallee', 'VALLEE']) expect(await names(q)).toContain('GAEC DE LA VALLÉE VERTE')
    // By town: every member found has an address in use in that town.
    const [town] = await opened.db
      .execute<{ ville: string }>(sql`select ville from adresses where etat <> 'S' limit 1`)
      .then((r) => r.rows)
    const byTown = await names(town!.ville.toLowerCase())
    expect(byTown.length).toBeGreaterThan(0)
  })

  it('fewer than 3 characters answers 400 with the spec message; nothing found is an empty list', async () => {
    const cookie = await signIn(t.app, 'admin')
    const short = await get(t.app, '/web/v1/tiers/search?q=ga', cookie)
    expect(short.status).toBe(400)
    expect((await short.json()).message).toContain('Veuillez entrer au minimum 3 caratères')
    expect(await (await get(t.app, '/web/v1/tiers/search?q=zzzzqq', cookie)).json()).toEqual([])
    expect(await (await get(t.app, `/web/v1/tiers/search?q=${encodeURIComponent('100%_')}`, cookie)).json()).toEqual([])
  })

  it('a farmer cannot search members nor act for another', async () => {
    const cookie = await signIn(t.app, '100001')
    expect((await get(t.app, '/web/v1/tiers/search?q=gaec', cookie)).status).toBe(403)
    expect((await send(t.app, 'PUT', '/web/user/me/tiers', { numTiers: '100002' }, cookie)).status).toBe(403)
  })

  it('acting for a member is kept in the session and logged with both users', async () => {
    const cookie = await signIn(t.app, 'conseiller')
    expect((await send(t.app, 'PUT', '/web/user/me/tiers', { numTiers: '100002' }, cookie)).status).toBe(200)
    expect((await (await get(t.app, '/web/user/me', cookie)).json()).actingFor).toBe('100002')
    const logged = await opened.db.select().from(auditLog).where(eq(auditLog.username, 'conseiller'))
    expect(logged.some((e) => e.numTiers === '100002' && e.action === 'agir-pour')).toBe(true)
    expect((await send(t.app, 'PUT', '/web/user/me/tiers', { numTiers: null }, cookie)).status).toBe(200)
    expect((await (await get(t.app, '/web/user/me', cookie)).json()).actingFor).toBeNull()
    const unknown = await send(t.app, 'PUT', '/web/user/me/tiers', { numTiers: '424242' }, cookie)
    expect(unknown.status).toBe(404)
  })
})
