// Issue 52, item 3, and cart-orders-admin §6: an adviser whose only staff role is
// COM_ALI_ECRITURE_PORTEFEUILLE acts only for the members of their portfolio (portefeuilles.csv).
// The search lists them alone; choosing, a round, a read or an order for anyone else is refused
// (403 HORS_PORTEFEUILLE, French reason, nothing written). A member the office removes after the
// round was prepared is refused from then on, the queued order with its proof included.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { CODES_ERREUR } from '../../src/contract/error-codes'
import { TOURNEE_PATH } from '../../src/contract/tournee'
import { CHOICE_PROOF_HEADER } from '../../src/contract/user'
import { auditLog, commandeFlux, commandes, idempotencyKeys, portefeuilles } from '../../src/server/db/schema'
import { runImport } from '../../src/server/import/run'
import { DEMO } from '../../src/server/seed/demo'
import { backends, type OpenedTestDb } from './support/databases'
import { buildTestApp, get, send, signIn } from './support/app'
import { orderLine } from './support/order-line'

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 })

const OUTSIDE = DEMO.horsPortefeuille
const REMOVED = '100107'
const order = (numTiers: string) => ({
  numTiers,
  commande: { commentaire: '', lignes: [orderLine({ codeTypeSilo2: '002', quantiteCommande: 5 })] },
})

describe.each(backends)('an adviser’s portfolio, on $name', (backend) => {
  let opened: OpenedTestDb
  let t: ReturnType<typeof buildTestApp>
  let n = 0
  const folder = mkdtempSync(join(tmpdir(), 'silo-portefeuille-'))
  const key = () => `portfolio-key-${++n}`
  const numbersFound = async (cookie: string, q: string) =>
    ((await (await get(t.app, `/web/v1/tiers/search?q=${q}`, cookie)).json()) as { numTiers: string }[]).map(
      (m) => m.numTiers,
    )
  const withProof = (cookie: string, proof?: string) => ({
    headers: { Host: 'localhost', Cookie: cookie, ...(proof ? { [CHOICE_PROOF_HEADER]: proof } : {}) },
  })
  const postOrder = (cookie: string, numTiers: string, proof: string, k = key()) =>
    send(t.app, 'POST', `/web/v1/tiers/${numTiers}/commandes`, order(numTiers), cookie, {
      'Idempotency-Key': k,
      [CHOICE_PROOF_HEADER]: proof,
    })
  const countOf = async (numTiers: string) =>
    (await opened.db.select({ n: count() }).from(commandes).where(eq(commandes.numTiers, numTiers)))[0]!.n
  const feedRows = async () => (await opened.db.select({ n: count() }).from(commandeFlux))[0]!.n
  const keysStored = async () => (await opened.db.select({ n: count() }).from(idempotencyKeys))[0]!.n
  const expectHorsPortefeuille = async (res: Response, numTiers: string) => {
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({
      message: `L’adhérent ${numTiers} ne fait pas partie de votre portefeuille.`,
      code: CODES_ERREUR.HORS_PORTEFEUILLE,
    })
  }

  beforeAll(async () => {
    opened = await backend.open()
    t = buildTestApp(opened.db)
  })
  afterAll(async () => {
    await opened?.close()
    rmSync(folder, { recursive: true, force: true })
  })

  it('the adviser finds only the members of their portfolio; staff with COM_ALI_ECRITURE_TOUS find everyone', async () => {
    const adviser = await signIn(t.app, DEMO.conseiller)
    const admin = await signIn(t.app, DEMO.admin)
    expect(await numbersFound(admin, OUTSIDE)).toEqual([OUTSIDE])
    expect(await numbersFound(adviser, OUTSIDE)).toEqual([])
    expect(await numbersFound(adviser, REMOVED)).toEqual([REMOVED])
    // GET /web/user/me still says they search members and act for them.
    expect((await (await get(t.app, '/web/user/me', adviser)).json()).agitPourAdherents).toBe(true)
  })

  it('choosing a member outside the portfolio, or a round naming one: 403 with its reason, nothing chosen or issued', async () => {
    const adviser = await signIn(t.app, DEMO.conseiller)
    await expectHorsPortefeuille(
      await send(t.app, 'PUT', '/web/user/me/tiers', { numTiers: OUTSIDE }, adviser),
      OUTSIDE,
    )
    expect((await (await get(t.app, '/web/user/me', adviser)).json()).actingFor).toBeNull()
    const rounds = async () =>
      (
        await opened.db
          .select({ n: count() })
          .from(auditLog)
          .where(and(eq(auditLog.username, DEMO.conseiller), eq(auditLog.action, 'tournee')))
      )[0]!.n
    const before = await rounds()
    await expectHorsPortefeuille(
      await send(t.app, 'POST', TOURNEE_PATH, { membres: [DEMO.eleveur, OUTSIDE] }, adviser),
      OUTSIDE,
    )
    expect(await rounds()).toBe(before)
    expect((await get(t.app, `/web/v1/tiers/${OUTSIDE}/lots`, adviser)).status).toBe(403)
    // Not bound: staff with COM_ALI_ECRITURE_TOUS choose and round anyone.
    const admin = await signIn(t.app, DEMO.admin)
    expect((await send(t.app, 'PUT', '/web/user/me/tiers', { numTiers: OUTSIDE }, admin)).status).toBe(200)
    expect((await get(t.app, `/web/v1/tiers/${OUTSIDE}`, admin)).status).toBe(200)
    expect((await send(t.app, 'POST', TOURNEE_PATH, { membres: [OUTSIDE] }, admin)).status).toBe(200)
  })

  it('a member removed by the office after the round was prepared: reads and queued orders refused, nothing written', async () => {
    const adviser = await signIn(t.app, DEMO.conseiller)
    const res = await send(t.app, 'POST', TOURNEE_PATH, { membres: [DEMO.eleveur, REMOVED] }, adviser)
    expect(res.status).toBe(200)
    const proof = (await res.json()).jeton as string
    expect((await t.app.request(`/web/v1/tiers/${REMOVED}/lots`, withProof(adviser, proof))).status).toBe(200)

    // The office imports its portfolios in full, without that line.
    const rows = await opened.db.select().from(portefeuilles).where(eq(portefeuilles.username, DEMO.conseiller))
    const kept = rows.filter((r) => r.numTiers !== REMOVED).map((r) => `${r.username};${r.numTiers}\n`)
    writeFileSync(join(folder, 'portefeuilles.csv'), `username;numTiers\n${kept.join('')}`)
    const imported = await runImport({ databaseUrl: opened.url!, folder, complet: ['portefeuilles.csv'] })
    expect(imported.errors).toEqual([])
    expect(imported.files[0]).toMatchObject({ fichier: 'portefeuilles.csv', removed: 1, inserted: 0 })

    const before = { orders: await countOf(REMOVED), feed: await feedRows() }
    const keys = await keysStored()
    await expectHorsPortefeuille(await postOrder(adviser, REMOVED, proof), REMOVED)
    // A burst, as an outbox flushed from two tabs: every one refused.
    const burst = await Promise.all(Array.from({ length: 8 }, () => postOrder(adviser, REMOVED, proof)))
    for (const r of burst) await expectHorsPortefeuille(r, REMOVED)
    expect(await countOf(REMOVED)).toBe(before.orders)
    expect(await feedRows()).toBe(before.feed)
    expect(await keysStored()).toBe(keys)
    await expectHorsPortefeuille(
      await t.app.request(`/web/v1/tiers/${REMOVED}/lots`, withProof(adviser, proof)),
      REMOVED,
    )
    await expectHorsPortefeuille(
      await t.app.request(`/web/v1/tiers/${REMOVED}/hors-connexion`, withProof(adviser, proof)),
      REMOVED,
    )
    // The round's other member is still theirs: its order leaves.
    expect((await postOrder(adviser, DEMO.eleveur, proof)).status).toBe(201)
  })

  it('a member removed while chosen (a direct DELETE): every read and order refused from the next request', async () => {
    const adviser = await signIn(t.app, DEMO.conseiller)
    const member = DEMO.volailles
    expect((await send(t.app, 'PUT', '/web/user/me/tiers', { numTiers: member }, adviser)).status).toBe(200)
    expect((await get(t.app, `/web/v1/tiers/${member}`, adviser)).status).toBe(200)
    await opened.db
      .delete(portefeuilles)
      .where(and(eq(portefeuilles.username, DEMO.conseiller), eq(portefeuilles.numTiers, member)))
    try {
      await expectHorsPortefeuille(await get(t.app, `/web/v1/tiers/${member}`, adviser), member)
      await expectHorsPortefeuille(await get(t.app, `/web/v1/tiers/${member}/livraisons`, adviser), member)
      await expectHorsPortefeuille(await get(t.app, `/web/v1/articles?commandablesByTiers=${member}`, adviser), member)
      const before = await countOf(member)
      const refused = await send(t.app, 'POST', `/web/v1/tiers/${member}/commandes`, order(member), adviser, {
        'Idempotency-Key': key(),
      })
      await expectHorsPortefeuille(refused, member)
      expect(await countOf(member)).toBe(before)
    } finally {
      await opened.db.insert(portefeuilles).values({ username: DEMO.conseiller, numTiers: member })
    }
  })

  it('portefeuilles.csv: an unknown staff account or member is the import’s error line, nothing written', async () => {
    writeFileSync(
      join(folder, 'portefeuilles.csv'),
      `username;numTiers\nconseiller;${OUTSIDE}\npersonne;${DEMO.eleveur}\nconseiller;987654\n`,
    )
    const refused = await runImport({ databaseUrl: opened.url!, folder })
    expect(refused.status).toBe('refuse')
    expect(refused.errors).toEqual([
      expect.stringMatching(/^portefeuilles\.csv:3:username — compte inconnu : personne \(/),
      expect.stringMatching(/^portefeuilles\.csv:4:numTiers — tiers inconnu : 987654 \(/),
    ])
    const outside = and(eq(portefeuilles.username, DEMO.conseiller), eq(portefeuilles.numTiers, OUTSIDE))
    expect(await opened.db.select().from(portefeuilles).where(outside)).toEqual([])
    // The good line alone: the member joins the portfolio, and the search finds them.
    writeFileSync(join(folder, 'portefeuilles.csv'), `username;numTiers\nconseiller;${OUTSIDE}\n`)
    expect((await runImport({ databaseUrl: opened.url!, folder })).errors).toEqual([])
    const adviser = await signIn(t.app, DEMO.conseiller)
    expect(await numbersFound(adviser, OUTSIDE)).toEqual([OUTSIDE])
  })
})
