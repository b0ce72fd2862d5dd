// Reference data is held in memory, yet two instances on one database never answer with what the
// other has just changed: a banner message and an order parameter saved through instance A are
// in instance B's next answer, and so is a table changed outside the app (each read checks the
// version the statement triggers keep, versions_hors_connexion '*', first).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { backends, type OpenedTestDb } from './support/databases'
import { buildTestApp, get, send, signIn, TEST_TODAY } from './support/app'
import { cachedReference } from '../../src/server/services/reference-cache'

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

  const typesSilo = async () =>
    (
      (await (await get(b.app, '/web/v1/referentiel?numTiers=100001', farmerOnB)).json()).typesSilo as {
        libelle: string
      }[]
    ).map((s) => s.libelle)

  it('a table changed outside the app (the ERP’s database, plain SQL) is in the next answer', async () => {
    await typesSilo()
    await opened.db.execute(
      sql`update types_silo set libelle = 'Silo renommé' where code = (select min(code) from types_silo)`,
    )
    expect(await typesSilo()).toContain('Silo renommé')
  })

  it('a sign-in (an audited event) does not drop the copy', async () => {
    const held = await typesSilo()
    // Changed without its version moving (as a restore could): the copy is still answered.
    await opened.db.transaction(async (tx) => {
      await tx.execute(sql`set local silo.versions_differees = 'on'`)
      await tx.execute(
        sql`update types_silo set libelle = 'Renommé sans version' where code = (select min(code) from types_silo)`,
      )
    })
    await signIn(a.app, 'conseiller')
    expect(await typesSilo()).toEqual(held)
  })

  it('a drizzle query kept as the value is run once, not again at each hit (its builder is a thenable)', async () => {
    let asked = 0
    // As drizzle's QueryPromise: each then runs the query again.
    const query: PromiseLike<number> = {
      then: (ok, ko) => Promise.resolve(++asked).then(ok, ko),
    }
    const key = `thenable-${Math.random()}`
    for (let i = 0; i < 3; i++) expect(await cachedReference(opened.db, key, () => query)).toBe(1)
    expect(asked).toBe(1)
  })
})
