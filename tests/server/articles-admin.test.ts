// Orderable-article management (cart-orders-admin §2 "Editable orderable articles", §7): staff
// with COM_ALI_ECRITURE_ARTICLE search, switch and diagnose; every switch is logged.
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../src/server/db/schema'
import { DEMO } from '../../src/server/seed/demo'
import { backends, type OpenedTestDb } from './support/databases'
import { buildTestApp, get, send, signIn } from './support/app'

describe.each(backends)('orderable articles admin on $name', (backend) => {
  let opened: OpenedTestDb
  let t: ReturnType<typeof buildTestApp>
  let admin: string

  beforeAll(async () => {
    opened = await backend.open()
    t = buildTestApp(opened.db)
    admin = await signIn(t.app, DEMO.admin)
    // Staff act only for the member they chose (connect-as).
    expect((await send(t.app, 'PUT', '/web/user/me/tiers', { numTiers: DEMO.eleveur }, admin)).status).toBe(200)
  })
  afterAll(async () => opened?.close())

  it('without COM_ALI_ECRITURE_ARTICLE every call is refused (403)', async () => {
    for (const who of [DEMO.eleveur, DEMO.conseiller]) {
      const cookie = await signIn(t.app, who)
      expect(
        (await get(t.app, `/web/v1/articles/modifiables?numTiers=${DEMO.eleveur}&commandable=true`, cookie)).status,
      ).toBe(403)
      expect(
        (
          await send(
            t.app,
            'PATCH',
            `/web/v1/articles/410103?numTiers=${DEMO.eleveur}`,
            { artCommandable: true },
            cookie,
          )
        ).status,
      ).toBe(403)
      expect((await get(t.app, `/web/v1/articles/410103/diagnostic?numTiers=${DEMO.eleveur}`, cookie)).status).toBe(403)
    }
  })

  it('lists the non-orderable articles found and those added by staff not yet ordered', async () => {
    const none = await (
      await get(
        t.app,
        `/web/v1/articles/modifiables?numTiers=${DEMO.eleveur}&search=tarissement&commandable=false`,
        admin,
      )
    ).json()
    expect(none).toEqual([{ numArticle: '410103', libelle: 'VL Tarissement vrac', artCommandable: false }])
    const byNumber = await (
      await get(t.app, `/web/v1/articles/modifiables?numTiers=${DEMO.eleveur}&search=4701&commandable=false`, admin)
    ).json()
    expect(byNumber.map((a: { numArticle: string }) => a.numArticle)).toContain('470106') // MI 47010: never orderable
    const added = await (
      await get(t.app, `/web/v1/articles/modifiables?numTiers=${DEMO.eleveur}&commandable=true`, admin)
    ).json()
    expect(added).toEqual([{ numArticle: '410112', libelle: 'Correcteur colza 35 % vrac', artCommandable: true }])
    const short = await get(
      t.app,
      `/web/v1/articles/modifiables?numTiers=${DEMO.eleveur}&search=vl&commandable=false`,
      admin,
    )
    expect(short.status).toBe(400)
    expect((await short.json()).message).toContain('Veuillez entrer au minimum 3 caratères')
  })

  it('a switch changes the member’s Aliments at once and is logged with both users', async () => {
    const res = await send(
      t.app,
      'PATCH',
      `/web/v1/articles/410103?numTiers=${DEMO.eleveur}`,
      { artCommandable: true },
      admin,
    )
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ numArticle: '410103', libelle: 'VL Tarissement vrac', artCommandable: true })
    const farmer = await signIn(t.app, DEMO.eleveur)
    const list = await (await get(t.app, `/web/v1/articles?commandablesByTiers=${DEMO.eleveur}`, farmer)).json()
    expect(list.some((a: { numArticle: string }) => a.numArticle === '410103')).toBe(true)
    const logged = await opened.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.username, DEMO.admin), eq(auditLog.action, 'article-commandable')))
    expect(logged.some((e) => e.numTiers === DEMO.eleveur)).toBe(true)
    // And back.
    await send(t.app, 'PATCH', `/web/v1/articles/410103?numTiers=${DEMO.eleveur}`, { artCommandable: false }, admin)
    const after = await (await get(t.app, `/web/v1/articles?commandablesByTiers=${DEMO.eleveur}`, farmer)).json()
    expect(after.some((a: { numArticle: string }) => a.numArticle === '410103')).toBe(false)
    // A bad body or an unknown article: 400 and 404, never 500.
    expect(
      (await send(t.app, 'PATCH', `/web/v1/articles/410103?numTiers=${DEMO.eleveur}`, { artCommandable: 'oui' }, admin))
        .status,
    ).toBe(400)
    expect(
      (await send(t.app, 'PATCH', `/web/v1/articles/999999?numTiers=${DEMO.eleveur}`, { artCommandable: true }, admin))
        .status,
    ).toBe(404)
  })

  it('switching on an article the rules never allow keeps it not orderable, in one list only', async () => {
    const res = await send(
      t.app,
      'PATCH',
      `/web/v1/articles/470108?numTiers=${DEMO.eleveur}`,
      { artCommandable: true },
      admin,
    )
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      numArticle: '470108',
      libelle: 'Bicarbonate de sodium (sac 25 kg)',
      artCommandable: false,
    })
    const found = await (
      await get(t.app, `/web/v1/articles/modifiables?numTiers=${DEMO.eleveur}&search=470108&commandable=false`, admin)
    ).json()
    expect(found.map((a: { numArticle: string }) => a.numArticle)).toEqual(['470108'])
    const added = await (
      await get(t.app, `/web/v1/articles/modifiables?numTiers=${DEMO.eleveur}&commandable=true`, admin)
    ).json()
    expect(added.map((a: { numArticle: string }) => a.numArticle)).not.toContain('470108')
  })

  it('the diagnostic tells why; an unknown article gives Erreur lors du diagnostic', async () => {
    const d = await (await get(t.app, `/web/v1/articles/470106/diagnostic?numTiers=${DEMO.eleveur}`, admin)).json()
    expect(d).toMatchObject({
      commandable: false,
      exclusion: expect.stringContaining('47010'),
      article: { numArticle: '470106' },
    })
    const ok = await (await get(t.app, `/web/v1/articles/410101/diagnostic?numTiers=${DEMO.eleveur}`, admin)).json()
    expect(ok).toMatchObject({ commandable: true, derniereLivraison: expect.any(String) })
    const unknown = await get(t.app, `/web/v1/articles/999999/diagnostic?numTiers=${DEMO.eleveur}`, admin)
    expect(unknown.status).toBe(404)
    expect((await unknown.json()).message).toBe('Erreur lors du diagnostic')
  })
})
