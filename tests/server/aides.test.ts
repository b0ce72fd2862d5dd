// Contextual help texts served by the server (cart-orders-admin §2 item 6).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends, type OpenedTestDb } from './support/databases'
import { buildTestApp, get, signIn } from './support/app'

describe.each(backends)('help texts on $name', (backend) => {
  let opened: OpenedTestDb
  let t: ReturnType<typeof buildTestApp>
  beforeAll(async () => {
    opened = await backend.open()
    t = buildTestApp(opened.db)
  })
  afterAll(async () => opened?.close())

  it('each page key of the spec has a French text', async () => {
    const cookie = await signIn(t.app, '100001')
    for (const cle of ['VALID-PANIER', 'COMMENTAIRE_PANIER', 'VALID-COMMANDE', 'COMMANDE']) {
      const res = await get(t.app, `/web/v1/aides/${cle}`, cookie)
      expect(res.status).toBe(200)
      const aide = await res.json()
      expect(aide.cle).toBe(cle)
      expect(aide.texte.length).toBeGreaterThan(20)
    }
  })

  it('an unknown key is a 404 with a reason, a malformed one a 400, no session a 401', async () => {
    const cookie = await signIn(t.app, '100001')
    expect((await get(t.app, '/web/v1/aides/INCONNUE', cookie)).status).toBe(404)
    expect((await get(t.app, '/web/v1/aides/pas%20bon', cookie)).status).toBe(400)
    expect((await get(t.app, '/web/v1/aides/COMMANDE')).status).toBe(401)
  })
})
