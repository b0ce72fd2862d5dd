// Orders out to the cooperative's ERP (issue 41): the feed holds every accepted order once, in a
// stable order, with its member, lines, payment modes, staff and idempotency key; a consumer that
// keeps its cursor never misses one, even when transactions that took their position hold it open
// while others commit and a reader reads; only API keys open it, counted per key in PostgreSQL.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CommandeFlux, FluxCommandes } from '../../src/contract/integration'
import { commandeFlux, commandes } from '../../src/server/db/schema'
import { DEMO } from '../../src/server/seed/demo'
import { createApiKey, listApiKeys, revokeApiKey } from '../../src/server/services/api-keys'
import { appendToFeed, readFeed } from '../../src/server/services/order-feed'
import { backends, type OpenedTestDb } from './support/databases'
import { withOpenApiCheck } from './support/openapi-check'
import { buildTestApp, get, send, signIn } from './support/app'
import { orderLine } from './support/order-line'

const FEED = '/api/integration/v1/commandes'
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe.each(backends)('the order feed on $name', (backend) => {
  let opened: OpenedTestDb
  let t: ReturnType<typeof buildTestApp>
  let key: string
  const read = async (query = '', auth = key) =>
    t.app.request(`${FEED}${query}`, { headers: { Host: 'localhost', Authorization: `Bearer ${auth}` } })
  /** Every order after `from`, page by page as a consumer reads. */
  const readAll = async (from = '0', limite = 7) => {
    const seen: CommandeFlux[] = []
    let cursor = from
    for (let i = 0; i < 1000; i++) {
      const res = await read(`?apres=${cursor}&limite=${limite}`)
      expect(res.status).toBe(200)
      const page = (await res.json()) as FluxCommandes
      seen.push(...page.commandes)
      cursor = page.suivant
      if (!page.encore) break
    }
    return { seen, cursor }
  }

  beforeAll(async () => {
    opened = await backend.open()
    t = withOpenApiCheck(buildTestApp(opened.db))
    key = (await createApiKey(opened.db, 'ERP')).key
  })
  afterAll(async () => opened?.close())

  it('every order, the demo ones included, is in the feed once, in position order, paged by the cursor', async () => {
    const total = (await opened.db.select({ n: sql<number>`count(*)::int` }).from(commandes))[0]!.n
    const { seen } = await readAll()
    expect(seen).toHaveLength(total)
    const positions = seen.map((c) => c.position)
    expect([...positions].sort((a, b) => a - b)).toEqual(positions)
    expect(new Set(seen.map((c) => c.numero)).size).toBe(total)
    const first = seen[0]!
    expect(first.tiers).toEqual({ numTiers: DEMO.eleveur, raisonSociale: expect.any(String) })
    expect(first.lignes[0]).toMatchObject({ idLigne: '001', codeReglement: 'PRE30' })
    expect(first.modesReglement).toEqual([{ codeReglement: 'PRE30', libelle: expect.any(String) }])
  })

  it('an accepted order comes next with its key; one sent by staff names them; nothing more after it', async () => {
    const { cursor } = await readAll()
    const farmer = await signIn(t.app, DEMO.eleveur)
    const order = {
      numTiers: DEMO.eleveur,
      commande: { commentaire: 'Feed test', lignes: [orderLine()] },
    }
    const path = `/web/v1/tiers/${DEMO.eleveur}/commandes`
    const sent = await send(t.app, 'POST', path, order, farmer, { 'Idempotency-Key': 'feed-test-key-0001' })
    expect(sent.status).toBe(201)
    const { numero } = (await sent.json()) as { numero: string }
    // A replay is the same order: not a second feed entry.
    expect((await send(t.app, 'POST', path, order, farmer, { 'Idempotency-Key': 'feed-test-key-0001' })).status).toBe(
      201,
    )
    const adviser = await signIn(t.app, DEMO.conseiller)
    expect((await send(t.app, 'PUT', '/web/user/me/tiers', { numTiers: DEMO.eleveur }, adviser)).status).toBe(200)
    const bySatff = await send(t.app, 'POST', path, order, adviser, { 'Idempotency-Key': 'feed-test-key-0002' })
    expect(bySatff.status).toBe(201)

    const after = await readAll(cursor)
    expect(after.seen.map((c) => c.numero)).toEqual([numero, ((await bySatff.json()) as { numero: string }).numero])
    const [mine, staff] = after.seen as [CommandeFlux, CommandeFlux]
    expect(mine).toMatchObject({
      cleIdempotence: 'feed-test-key-0001',
      commentaire: 'Feed test',
      personnel: null,
      tiers: { numTiers: DEMO.eleveur },
      lignes: [expect.objectContaining({ idLigne: '001', numArticle: '410102', quantiteCommande: 12.5 })],
    })
    expect(staff.personnel).toEqual({ username: DEMO.conseiller, nom: expect.any(String) })
    expect(staff.cleIdempotence).toBe('feed-test-key-0002')
    const empty = (await (await read(`?apres=${after.cursor}`)).json()) as FluxCommandes
    expect(empty).toEqual({ commandes: [], suivant: after.cursor, encore: false })
  })

  it('writers that take their position then hold their transaction open: a concurrent reader skips none', async () => {
    const { cursor: start } = await readAll()
    const prefix = `hold-${Date.now()}-`
    // In this test's database only: after the position is taken within COMMIT (the trigger
    // commande_flux_position), each commit sleeps up to 100 ms before it ends — the trap of a
    // transaction that took number 104 and commits after 105 was read. Constraint triggers of one
    // event run in name order: this one after the position's. (With the trigger's advisory lock
    // taken out of migration 0005, this test fails: 22 of 28 orders read, tried by hand.)
    await opened.db.execute(sql`create function test_commit_lent() returns trigger language plpgsql as $$
      begin perform pg_sleep(random() * 0.1); return null; end $$`)
    await opened.db.execute(sql`create constraint trigger commande_flux_zz_commit_lent after insert on commande_flux
      deferrable initially deferred for each row execute function test_commit_lent()`)
    let committed = 0
    let done = false
    /** One order per transaction, held open a while before its commit too; every 5th rolls back. */
    const writer = async (w: number) => {
      for (let i = 0; i < 6; i++) {
        const numero = `${prefix}${w}-${i}`
        await opened.db
          .transaction(async (tx) => {
            const [row] = await tx
              .insert(commandes)
              .values({ numero, numTiers: DEMO.eleveur, date: new Date(), username: DEMO.eleveur })
              .returning({ id: commandes.id })
            await appendToFeed(tx, row!.id, null)
            await sleep(5 + ((w * 7 + i * 13) % 40))
            if ((w + i) % 5 === 0) throw new Error('rollback')
          })
          .then(
            () => committed++,
            (err: Error) => {
              if (err.message !== 'rollback') throw err
            },
          )
      }
    }
    const received: number[] = []
    const numeros: string[] = []
    const reader = async () => {
      let cursor = Number(start)
      for (;;) {
        // Once every writer has ended, one read that finds nothing more ends the reading.
        const finished = done
        const page = await readFeed(opened.db, cursor, 3)
        for (const c of page.commandes) {
          received.push(c.position)
          numeros.push(c.numero)
        }
        cursor = Number(page.suivant)
        if (page.encore) continue
        if (finished) break
        await sleep(2)
      }
    }
    const reading = reader()
    try {
      await Promise.all([0, 1, 2, 3, 4, 5].map(writer))
    } finally {
      done = true
      await reading
      await opened.db.execute(sql`drop trigger commande_flux_zz_commit_lent on commande_flux`)
      await opened.db.execute(sql`drop function test_commit_lent()`)
    }
    const inFeed = await opened.db
      .select({ numero: commandes.numero })
      .from(commandeFlux)
      .innerJoin(commandes, sql`${commandes.id} = ${commandeFlux.commandeId}`)
      .where(sql`${commandes.numero} like ${prefix + '%'}`)
    expect(committed).toBeGreaterThan(20)
    expect(inFeed).toHaveLength(committed)
    // Each committed order exactly once, in increasing positions.
    expect(numeros.filter((n) => n.startsWith(prefix)).sort()).toEqual(inFeed.map((r) => r.numero).sort())
    expect(received).toEqual([...received].sort((a, b) => a - b))
    expect(new Set(received).size).toBe(received.length)
  })

  it('only an API key opens it: none, wrong or revoked → 401; a session cookie alone → 403; a key never opens /web', async () => {
    const none = await t.app.request(FEED, { headers: { Host: 'localhost' } })
    expect(none.status).toBe(401)
    expect(await none.json()).toMatchObject({ code: 'CLE_API_INVALIDE', message: expect.stringContaining('Clé d’API') })
    expect(none.headers.get('www-authenticate')).toContain('Bearer')
    expect((await read('', 'silo_' + 'A'.repeat(43))).status).toBe(401)
    expect((await read('', 'nonsense')).status).toBe(401)

    for (const user of [DEMO.eleveur, DEMO.admin]) {
      const cookie = await signIn(t.app, user)
      const res = await get(t.app, FEED, cookie)
      expect(res.status).toBe(403)
      expect(await res.json()).toMatchObject({ code: 'SESSION_REFUSEE' })
      const post = await send(t.app, 'POST', `${FEED}/700001/etapes`, { etape: 'VALORISEE' }, cookie, {
        'Idempotency-Key': 'cookie-only-0001',
      })
      expect(post.status).toBe(403)
    }
    const members = await t.app.request(`/web/v1/tiers/${DEMO.eleveur}/commandes/commandes-en-cours`, {
      headers: { Host: 'localhost', Authorization: `Bearer ${key}` },
    })
    expect(members.status).toBe(401)

    const other = await createApiKey(opened.db, 'Ancien ERP')
    expect((await read('', other.key)).status).toBe(200)
    expect(await revokeApiKey(opened.db, 'Ancien ERP')).toMatchObject({ revoqueeA: expect.any(Date) })
    const revoked = await read('', other.key)
    expect(revoked.status).toBe(401)
    expect((await revoked.json()).message).toBe('Clé d’API invalide ou révoquée.')
    const listed = await listApiKeys(opened.db)
    expect(listed.find((k) => k.nom === 'ERP')).toMatchObject({
      derniereUtilisation: expect.any(Date),
      revoqueeA: null,
    })
    expect(JSON.stringify(listed)).not.toContain(key)
  })

  it('the rate limit holds per key under a concurrent burst, 429 with Retry-After, other keys unaffected', async () => {
    const limited = withOpenApiCheck(buildTestApp(opened.db, { INTEGRATION_RATE_LIMIT: '10' }))
    const burst = await createApiKey(opened.db, 'Rafale')
    const calm = await createApiKey(opened.db, 'Calme')
    const ask = (k: string) =>
      limited.app.request(`${FEED}?limite=1`, { headers: { Host: 'localhost', Authorization: `Bearer ${k}` } })
    const answers = await Promise.all(Array.from({ length: 30 }, () => ask(burst.key)))
    const statuses = answers.map((r) => r.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(10)
    expect(statuses.filter((s) => s === 429)).toHaveLength(20)
    const refused = answers.find((r) => r.status === 429)!
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60)
    expect(await refused.json()).toMatchObject({ code: 'TROP_DE_REQUETES' })
    expect((await ask(calm.key)).status).toBe(200)
  })

  it('the OpenAPI document describes the integration routes and their key', async () => {
    const doc = (await (await get(t.app, '/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { security?: unknown }>>
      components: { securitySchemes: Record<string, unknown> }
    }
    expect(doc.components.securitySchemes.cleApi).toMatchObject({ type: 'http', scheme: 'bearer' })
    expect(doc.paths['/api/integration/v1/commandes']?.get?.security).toEqual([{ cleApi: [] }])
    expect(doc.paths['/api/integration/v1/commandes/{numero}/etapes']?.post).toBeDefined()
    expect(doc.paths['/api/integration/v1/livraisons']?.post).toBeDefined()
  })
})
