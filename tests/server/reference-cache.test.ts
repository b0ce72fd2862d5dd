// Reference data is held in memory, yet two instances on one database never answer with what the
// other has just changed: a banner message and an order parameter saved through instance A are
// in instance B's next answer (each read checks the newest audit row first).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { backends, type OpenedTestDb } from './support/databases'
import { buildTestApp, get, send, signIn, TEST_TODAY } from './support/app'

describe.each(backends)('reference data cache on $name', (backend) => {
  let opened: OpenedTestDb
  let a: ReturnType<typeof buildTestApp>
  let b: ReturnType<typeof buildTestApp>
  let admin: string
  let farmerOnB: string

  beforeAll(async () => {
    opened = await backend.open()
    a = buildTestApp(opened.db)
    b = buildTestApp(opened.db)
    admin = await signIn(a.app, 'admin')
    farmerOnB = await signIn(b.app, '100001')
  })
  afterAll(async () => opened?.close())

  const banner = async () =>
    (await (await get(b.app, '/web/v1/referentiel?numTiers=100001', farmerOnB)).json()).messagesBandeau as {
      texte: string
    }[]

  it('a banner message created on one instance is in the other’s next referentiel', async () => {
    const before = await banner()
    expect(await banner()).toEqual(before) // held: the same answer
    const res = await send(
      a.app,
      'POST',
      '/web/v1/messages',
      { texte: 'Dépôt fermé lundi.', dateDebut: TEST_TODAY, dateFin: TEST_TODAY },
      admin,
    )
    expect(res.status).toBe(201)
    expect((await banner()).map((m) => m.texte)).toContain('Dépôt fermé lundi.')
  })

  it('a table changed outside the app without an audit row shows once the version moves', async () => {
    await get(b.app, '/web/v1/referentiel?numTiers=100001', farmerOnB)
    await opened.db.execute(
      sql`update types_silo set libelle = 'Silo renommé' where code = (select min(code) from types_silo)`,
    )
    const held = (await (await get(b.app, '/web/v1/referentiel?numTiers=100001', farmerOnB)).json()).typesSilo as {
      libelle: string
    }[]
    expect(held.map((s) => s.libelle)).not.toContain('Silo renommé') // within the 30 s expiry, no audit row: still the copy
    await signIn(a.app, 'conseiller') // any audited event moves the version
    const fresh = (await (await get(b.app, '/web/v1/referentiel?numTiers=100001', farmerOnB)).json()).typesSilo as {
      libelle: string
    }[]
    expect(fresh.map((s) => s.libelle)).toContain('Silo renommé')
  })
})
