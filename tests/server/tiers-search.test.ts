// Member search and acting for a member (cart-orders-admin §2 "Member search", §6).
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../src/server/db/schema'
import { backends, type OpenedTestDb } from './support/databases'
import { buildTestApp, get, send, signIn } from './support/app'
import { loadConfig } from '../../src/server/config'
import { DEFAULT_STAFF_ROLES } from '../../src/domain/roles'

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

// Staff roles (ordering-area §4, §6): which roles search members and act for them is the
// server's STAFF_ROLES, by default the five Silo lists; the profile tells the app what was decided.
describe.each(backends)('staff roles configured with STAFF_ROLES on $name', (backend) => {
  let opened: OpenedTestDb

  beforeAll(async () => {
    opened = await backend.open()
  })
  afterAll(async () => opened?.close())

  it('without configuration, staff with a role Silo does not list (accueil) get 403 on the member search', async () => {
    const { app } = buildTestApp(opened.db)
    const cookie = await signIn(app, 'accueil')
    const me = await (await get(app, '/web/user/me', cookie)).json()
    expect(me).toMatchObject({ roles: ['COM_ALI_LECTURE_TOUS'], agitPourAdherents: false, actingFor: null })
    expect((await get(app, '/web/v1/tiers/search?q=gaec', cookie)).status).toBe(403)
    expect((await send(app, 'PUT', '/web/user/me/tiers', { numTiers: '100001' }, cookie)).status).toBe(403)
    expect((await get(app, '/web/v1/tiers/100001', cookie)).status).toBe(403)
    // The listed ones are told so.
    const adviser = await signIn(app, 'conseiller')
    expect((await (await get(app, '/web/user/me', adviser)).json()).agitPourAdherents).toBe(true)
  })

  it('a role named in STAFF_ROLES gets the member search rights; a role left out of it loses them', async () => {
    const { app, config } = buildTestApp(opened.db, { STAFF_ROLES: ' COM_ALI_LECTURE_TOUS, COM_ALI_ADMIN_METIER ' })
    expect(config.staffRoles).toEqual(['COM_ALI_LECTURE_TOUS', 'COM_ALI_ADMIN_METIER'])
    const cookie = await signIn(app, 'accueil')
    expect((await (await get(app, '/web/user/me', cookie)).json()).agitPourAdherents).toBe(true)
    const found = await get(app, '/web/v1/tiers/search?q=gaec', cookie)
    expect(found.status).toBe(200)
    expect((await found.json()).length).toBeGreaterThan(0)
    // Then acts for the member chosen, and only for them.
    expect((await send(app, 'PUT', '/web/user/me/tiers', { numTiers: '100001' }, cookie)).status).toBe(200)
    expect((await get(app, '/web/v1/tiers/100001', cookie)).status).toBe(200)
    expect((await get(app, '/web/v1/tiers/100002', cookie)).status).toBe(403)
    // The adviser's COM_ALI_ECRITURE_PORTEFEUILLE is not in this list: no member search for them here.
    const adviser = await signIn(app, 'conseiller')
    expect((await (await get(app, '/web/user/me', adviser)).json()).agitPourAdherents).toBe(false)
    expect((await get(app, '/web/v1/tiers/search?q=gaec', adviser)).status).toBe(403)
    // A farmer stays a farmer.
    const farmer = await signIn(app, '100001')
    expect((await (await get(app, '/web/user/me', farmer)).json()).agitPourAdherents).toBe(false)
    expect((await get(app, '/web/v1/tiers/search?q=gaec', farmer)).status).toBe(403)
  })

  it('a customer role in STAFF_ROLES stops the server at start, and an empty list means the five', () => {
    expect(() => loadConfig({ STAFF_ROLES: 'COM_ALI_ECRITURE_TOUS,COM_ALI_LECTURE_PERSONNELLE' })).toThrow(
      /COM_ALI_LECTURE_PERSONNELLE/,
    )
    expect(() => loadConfig({ STAFF_ROLES: 'ADD_ALI_ADHERENT_VGM' })).toThrow(/ADD_ALI_ADHERENT_VGM/)
    expect(loadConfig({ STAFF_ROLES: ' , ' }).staffRoles).toEqual(DEFAULT_STAFF_ROLES)
    expect(loadConfig({}).staffRoles).toEqual([
      'COM_ALI_ECRITURE_TOUS',
      'COM_ALI_ECRITURE_REGION',
      'COM_ALI_ECRITURE_PORTEFEUILLE',
      'COM_ALI_ADMIN_METIER',
      'COM_ALI_ECRITURE_ARTICLE',
    ])
  })
})
