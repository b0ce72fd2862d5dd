// The skeleton's endpoints: real answers from the database, and every /web/v1/tiers/{numTiers}
// call checks that the session may act for that customer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends, type OpenedTestDb } from './support/databases'
import { buildTestApp, get, send, signIn } from './support/app'

describe.each(backends)('skeleton endpoints on $name', (backend) => {
  let opened: OpenedTestDb
  let t: ReturnType<typeof buildTestApp>
  const cookies: Record<string, string> = {}

  beforeAll(async () => {
    opened = await backend.open()
    t = buildTestApp(opened.db)
    for (const u of ['100001', '100002', '999999', 'conseiller', 'admin']) cookies[u] = await signIn(t.app, u)
  })
  afterAll(async () => opened?.close())

  it('GET /public/infos/version and /url-portail need no session', async () => {
    expect(await (await get(t.app, '/public/infos/version')).json()).toEqual({ version: '27.0.0' })
    expect((await (await get(t.app, '/public/infos/url-portail')).json()).url).toMatch(/^https:\/\//)
  })

  it('GET /web/user/me: 401 without a session, the profile with one', async () => {
    const anon = await get(t.app, '/web/user/me')
    expect(anon.status).toBe(401)
    expect((await anon.json()).message).toBeTruthy()
    const me = await (await get(t.app, '/web/user/me', cookies['100001'])).json()
    expect(me).toMatchObject({ username: '100001', tiers: { numTiers: '100001' }, actingFor: null })
    expect(me.roles).toContain('COM_ALI_LECTURE_PERSONNELLE')
    const adviser = await (await get(t.app, '/web/user/me', cookies.conseiller)).json()
    expect(adviser.tiers).toBeNull()
  })

  it('GET /web/v1/tiers/{numTiers}: the farmer sees themself with their addresses', async () => {
    const res = await get(t.app, '/web/v1/tiers/100001', cookies['100001'])
    expect(res.status).toBe(200)
    const tiers = await res.json()
    expect(tiers.raisonSociale).toMatch(/GAEC/)
    expect(tiers.hasLots).toBe(false)
    expect(tiers.adresses.filter((a: { etat: string }) => a.etat !== 'S')).toHaveLength(3)
    expect((await (await get(t.app, '/web/v1/tiers/100002', cookies['100002'])).json()).hasLots).toBe(true)
  })

  it("another customer's numTiers answers 403; without a session 401", async () => {
    const res = await get(t.app, '/web/v1/tiers/100002', cookies['100001'])
    expect(res.status).toBe(403)
    expect((await res.json()).code).toBe('ACCES_NON_AUTHORISE')
    expect((await get(t.app, '/web/v1/tiers/100002')).status).toBe(401)
  })

  it('staff act for the member they chose, and only for them', async () => {
    expect((await get(t.app, '/web/v1/tiers/100002', cookies.conseiller)).status).toBe(403)
    await send(t.app, 'PUT', '/web/user/me/tiers', { numTiers: '100002' }, cookies.conseiller)
    await send(t.app, 'PUT', '/web/user/me/tiers', { numTiers: '100001' }, cookies.admin)
    expect((await get(t.app, '/web/v1/tiers/100002', cookies.conseiller)).status).toBe(200)
    expect((await get(t.app, '/web/v1/tiers/100001', cookies.admin)).status).toBe(200)
  })

  it('an unknown customer answers 404 TIERS_INEXISTANT; a malformed number 400', async () => {
    const res = await get(t.app, '/web/v1/tiers/999999', cookies['999999'])
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ message: 'Numéro de tiers non reconnu', code: 'TIERS_INEXISTANT' })
    expect((await get(t.app, '/web/v1/tiers/abc', cookies.admin)).status).toBe(400)
  })

  it('GET /web/v1/referentiel gives slots, truck modes, silo types and current banner messages', async () => {
    const ref = await (await get(t.app, '/web/v1/referentiel?numTiers=100001', cookies['100001'])).json()
    expect(ref.periodesLivraison.map((p: { code: string }) => p.code)).toEqual(
      expect.arrayContaining(['JS', 'JM', 'JA', 'JJ', 'J1', 'ID']),
    )
    expect(ref.modesCamion.find((m: { code: string }) => m.code === 'VISP')).toMatchObject({ maxQuantite: 17 })
    expect(ref.modesCamion.find((m: { code: string }) => m.code === 'BENNE')).toMatchObject({
      minQuantite: 25,
      maxQuantite: 29,
      delaiMinLivraison: 48,
    })
    expect(ref.typesSilo.map((s: { code: string }) => s.code)).toContain('997')
    expect(ref.typesSiloDefault.length).toBeGreaterThan(0)
    for (const m of ref.messagesBandeau) expect(m.dateFin === null || m.dateFin >= '2026-11-23').toBe(true)
    expect((await get(t.app, '/web/v1/referentiel?numTiers=100002', cookies['100001'])).status).toBe(403)
  })

  it('the OpenAPI document lists the endpoints and the reference page renders it', async () => {
    const doc = await (await get(t.app, '/api/openapi.json')).json()
    expect(doc.openapi).toMatch(/^3\./)
    for (const p of [
      '/public/infos/version',
      '/web/user/me',
      '/web/v1/tiers/{numTiers}',
      '/web/v1/referentiel',
      '/security/login',
    ]) {
      expect(Object.keys(doc.paths)).toContain(p)
    }
    const page = await (await get(t.app, '/api/docs')).text()
    expect(page).toContain('/web/v1/tiers/{numTiers}')
  })

  it('unknown API paths answer a JSON 404', async () => {
    const res = await get(t.app, '/web/v1/nothing', cookies['100001'])
    expect(res.status).toBe(404)
    expect((await res.json()).message).toBe('Resource inexistante')
  })
})

describe('bad input never answers 500', () => {
  it('a body that is not JSON gets 400 with a French reason, on any route that reads one', async () => {
    const [backend] = backends
    const opened = await backend!.open()
    try {
      const t = buildTestApp(opened.db)
      const cookie = await signIn(t.app, 'admin')
      for (const [method, path] of [
        ['PATCH', '/web/v1/articles/410103?numTiers=100001'],
        ['POST', '/web/v1/tiers/100001/commandes'],
        ['POST', '/web/v1/evualuations'],
      ] as const) {
        const res = await send(t.app, method, path, '{pas du json', cookie)
        expect(res.status, path).toBe(400)
        expect((await res.json()).message).toMatch(/Requête invalide/)
      }
    } finally {
      await opened.close()
    }
  })
})
