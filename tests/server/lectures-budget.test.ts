// POST /web/v1/lectures has a budget per session (issue 42): groups a minute counted in PostgreSQL
// (every instance together), reads in flight on an instance; beyond it 429 with Retry-After and a
// French reason, nothing written, other sessions unaffected. And an inner path is read only in its
// normal form: `..\`, `%2e%2e`, `%5c`, `%2f`… are refused 400 before any read.
import { eq, like } from 'drizzle-orm'
import { DateTime } from 'luxon'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ARTICLES_PATH,
  contraintesLivraisonPath,
  minerauxPath,
  supplementationsPath,
} from '../../src/contract/articles'
import { reglementTiersPath } from '../../src/contract/paiement'
import { PARAMETRES_COMMANDE_PATH } from '../../src/contract/parametres-commande'
import { tiersPath } from '../../src/contract/tiers'
import { LECTURES_LIMITEES, LECTURES_MAX, LECTURES_PATH } from '../../src/contract/lectures'
import { loginAttempts } from '../../src/server/db/schema'
import { DEMO } from '../../src/server/seed/demo'
import { budgetInFlight, countGroup, LECTURES_BUDGET } from '../../src/server/services/lectures-budget'
import { backends, type OpenedTestDb } from './support/databases'
import { buildTestApp, get, send, signIn, TEST_NOW } from './support/app'

const read = `/web/v1/articles/A/410101/mineraux?numTiers=${DEMO.eleveur}`
const base = `/web/v1/articles/A/410101`
const forbidden = `/web/v1/articles/A/410101/mineraux?numTiers=${DEMO.volailles}`
const at = (seconds: number) => DateTime.fromISO(TEST_NOW).plus({ seconds }).toISO({ includeOffset: false })!
const HALF_A_MINUTE_ON = at(30)
const NEXT_MINUTE = at(61)

describe.each(backends)('the grouped reads’ budget on $name', (backend) => {
  let opened: OpenedTestDb
  let t: ReturnType<typeof buildTestApp>

  beforeAll(async () => {
    opened = await backend.open()
    t = buildTestApp(opened.db)
  })
  afterAll(async () => opened?.close())

  const grouped = async (cookie: string, chemins: string[]) => {
    const res = await send(t.app, 'POST', LECTURES_PATH, { chemins }, cookie)
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() }
  }
  /** Every group counter, as the database holds it. */
  const counters = () =>
    opened.db.select().from(loginAttempts).where(like(loginAttempts.key, 'lectures:%')).orderBy(loginAttempts.key)
  const counted = async () => (await counters()).reduce((sum, r) => sum + r.failures, 0)

  it('refuses 400, before any read and counting nothing, a path that normalizing would change', async () => {
    const farmer = await signIn(t.app, DEMO.eleveur)
    const before = await counters()
    for (const path of [
      `${base}/..\\..\\..\\..\\index.html`,
      `/web/v1/articles/A/..\\..\\..\\tiers\\${DEMO.eleveur}\\livraisons/mineraux?numTiers=${DEMO.eleveur}`,
      `/web/v1/articles/A/%2e%2e/mineraux?numTiers=${DEMO.eleveur}`,
      `/web/v1/articles/A/%2E%2E/mineraux?numTiers=${DEMO.eleveur}`,
      `/web/v1/articles/%2e%2e/%2e%2e/mineraux?numTiers=${DEMO.eleveur}`,
      `/web/v1/articles/A/410101%2f..%2f..%2fx/mineraux?numTiers=${DEMO.eleveur}`,
      `/web/v1/articles/A/410101%5c..%5cx/mineraux?numTiers=${DEMO.eleveur}`,
      `/web/v1/articles/A/%252e%252e/mineraux?numTiers=${DEMO.eleveur}`,
      `/web/v1/articles/A/.%2e/mineraux?numTiers=${DEMO.eleveur}`,
      `/web/v1/articles/A/./410101/mineraux?numTiers=${DEMO.eleveur}`,
      `/web/v1/articles//A/410101/mineraux?numTiers=${DEMO.eleveur}`,
      `/web/v1/articles/A/41010%31/mineraux?numTiers=${DEMO.eleveur}`,
      `${read}#fragment`,
      `\\web\\v1\\articles\\A\\410101\\mineraux?numTiers=${DEMO.eleveur}`,
    ]) {
      // A good read beside it: the whole group is refused, not only the bad path.
      const { status, body } = await grouped(farmer, [read, path])
      expect(status, path).toBe(400)
      expect(body.message, path).toMatch(/^Requête invalide \(corps\) : chemins\.1 : Chemin de lecture non normalisé/)
      expect(body.reponses).toBeUndefined()
    }
    expect(await counters()).toEqual(before)
  })

  it('a burst of full groups of one session beyond its reads in flight: 429 with Retry-After, uncounted; another session is answered', async () => {
    const farmer = await signIn(t.app, DEMO.eleveur)
    const other = await signIn(t.app, DEMO.eleveur)
    // Reads the session may not make (another customer's): refused at once in their place, they
    // count in flight all the same, and keep the test short on a busy machine.
    const group = Array.from({ length: LECTURES_MAX }, () => forbidden)
    const before = await counted()
    const [mine, theirs] = await Promise.all([
      Promise.all(Array.from({ length: 8 }, () => grouped(farmer, group))),
      // The other session's group, sent while this session is refused.
      new Promise((r) => setTimeout(r, 20)).then(() => grouped(other, group.slice(0, 10))),
    ])
    const answered = mine.filter((g) => g.status === 200)
    const refused = mine.filter((g) => g.status === 429)
    expect(answered.length + refused.length).toBe(8)
    // Three full groups fit in the session's reads in flight.
    expect(answered.length).toBeGreaterThanOrEqual(LECTURES_BUDGET.readsInFlightPerSession / LECTURES_MAX)
    expect(refused.length).toBeGreaterThan(0)
    for (const g of answered)
      expect(g.body.reponses.map((r: { statut: number }) => r.statut)).toEqual(group.map(() => 403))
    for (const g of refused) {
      expect(g.retryAfter).toBe('1')
      expect(g.body).toEqual({
        message: 'Trop de lectures groupées en cours : veuillez réessayer dans 1 seconde.',
        code: LECTURES_LIMITEES,
      })
    }
    expect(theirs.status).toBe(200)
    // Only the groups answered were counted.
    expect(await counted()).toBe(before + answered.length + 1)
  }, 120_000)

  it('past its groups of the minute, a burst of one session is cut at the exact count on every instance; another session and the next minute are answered', async () => {
    const farmer = await signIn(t.app, DEMO.eleveur)
    const other = await signIn(t.app, DEMO.eleveur)
    // A second instance on the same database: the minute's count is the database's, not a process's.
    const second = buildTestApp(opened.db)
    const on = async (app: typeof t.app, cookie: string) => {
      const res = await send(app, 'POST', LECTURES_PATH, { chemins: [read] }, cookie)
      return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() }
    }
    const left = 7
    const spend = LECTURES_BUDGET.groupsPerMinute - left
    for (let i = 0; i < spend; i += 10) {
      const batch = Array.from({ length: Math.min(10, spend - i) }, (_, j) => on(j % 2 ? second.app : t.app, farmer))
      for (const g of await Promise.all(batch)) expect(g.status).toBe(200)
    }
    const before = await counters()
    // Fewer than the instance's groups at once: only the minute's count decides.
    const burst = await Promise.all(Array.from({ length: 15 }, (_, j) => on(j % 2 ? second.app : t.app, farmer)))
    expect(burst.filter((g) => g.status === 200)).toHaveLength(left)
    const refused = burst.filter((g) => g.status === 429)
    expect(refused).toHaveLength(15 - left)
    for (const g of refused) {
      expect(g.retryAfter).toBe('60')
      expect(g.body).toEqual({
        message: 'Trop de lectures groupées en une minute : veuillez réessayer dans 60 secondes.',
        code: LECTURES_LIMITEES,
      })
    }
    // The refused wrote nothing: the counter holds the groups answered.
    const after = await counters()
    expect(after.reduce((s, r) => s + r.failures, 0)).toBe(before.reduce((s, r) => s + r.failures, 0) + left)
    expect((await on(t.app, farmer)).status).toBe(429)
    expect(await counters()).toEqual(after)
    // Another session of the same farmer is not this one.
    expect((await on(second.app, other)).status).toBe(200)
    // Half a minute on, the wait told is the minute's rest; a minute on, a new minute.
    t.clock.set(HALF_A_MINUTE_ON)
    const halfWay = await on(t.app, farmer)
    expect([halfWay.status, halfWay.retryAfter]).toEqual([429, '30'])
    t.clock.set(NEXT_MINUTE)
    second.clock.set(NEXT_MINUTE)
    expect((await on(t.app, farmer)).status).toBe(200)
    expect((await on(second.app, farmer)).status).toBe(200)
    t.clock.set(TEST_NOW)
  }, 120_000)

  it('the preparation for no signal of each demo customer (the farmer’s three times in a minute) is answered in full, far under the budget', async () => {
    for (const [numTiers, runs] of [
      [DEMO.eleveur, 3],
      [DEMO.volailles, 1],
    ] as const) {
      const cookie = await signIn(t.app, numTiers)
      // What src/offline/preparation.ts asks per article: parameters, supplements, minerals, payment
      // terms, delivery constraints per address — LECTURES_MAX at a time, one group after the other.
      const articles = await (await get(t.app, `${ARTICLES_PATH}?commandablesByTiers=${numTiers}`, cookie)).json()
      const tiers = await (await get(t.app, tiersPath(numTiers), cookie)).json()
      const reads = articles.flatMap((a: { numArticle: string; codeTypeArticle: string }) => [
        `${PARAMETRES_COMMANDE_PATH}?numTiers=${numTiers}&numArticle=${a.numArticle}`,
        `${supplementationsPath(a.codeTypeArticle || 'A', a.numArticle)}?numTiers=${numTiers}`,
        `${minerauxPath(a.codeTypeArticle || 'A', a.numArticle)}?numTiers=${numTiers}`,
        `${reglementTiersPath(numTiers)}?numArticle=${a.numArticle}&codeTArt=${a.codeTypeArticle}`,
        ...tiers.adresses.map(
          (adr: { numAdr: number }) =>
            `${contraintesLivraisonPath(a.codeTypeArticle || 'A', a.numArticle)}?numTiers=${numTiers}&numAdr=${adr.numAdr}`,
        ),
      ])
      expect(reads.length).toBeGreaterThan(2 * LECTURES_MAX)
      let groups = 0
      // At sign-in, "Mettre à jour maintenant", and once more: the same minute (the clock is fixed).
      for (let run = 0; run < runs; run++)
        for (let i = 0; i < reads.length; i += LECTURES_MAX) {
          const chemins = reads.slice(i, i + LECTURES_MAX)
          const { status, body } = await grouped(cookie, chemins)
          expect(status).toBe(200)
          expect(body.reponses.every((r: { statut: number }) => r.statut === 200)).toBe(true)
          groups++
        }
      expect(groups).toBeLessThanOrEqual(LECTURES_BUDGET.groupsPerMinute / 10)
    }
  }, 120_000)

  it('a group whose client is gone makes no more reads and frees its place', async () => {
    const farmer = await signIn(t.app, DEMO.eleveur)
    const gone = new AbortController()
    const pending = t.app.request(LECTURES_PATH, {
      method: 'POST',
      headers: { Host: 'localhost', Origin: 'http://localhost', 'Content-Type': 'application/json', Cookie: farmer },
      body: JSON.stringify({ chemins: Array.from({ length: LECTURES_MAX }, () => read) }),
      signal: gone.signal,
    })
    gone.abort()
    const res = await pending
    expect(res.status).toBe(499)
    expect(budgetInFlight()).toEqual({ groups: 0, sessions: 0 })
    expect((await grouped(farmer, [read, read])).status).toBe(200)
  })

  it('the count itself: simultaneous groups are numbered one by one by the database, never past the limit', async () => {
    const now = t.clock.now().plus({ hours: 1 })
    const counts = await Promise.all(
      Array.from({ length: LECTURES_BUDGET.groupsPerMinute + 30 }, () => countGroup(opened.db, 'concurrence', now)),
    )
    const given = counts.filter((n): n is number => n !== null).sort((a, b) => a - b)
    expect(given).toEqual(Array.from({ length: LECTURES_BUDGET.groupsPerMinute }, (_, i) => i + 1))
    const [row] = await opened.db.select().from(loginAttempts).where(eq(loginAttempts.key, 'lectures:concurrence'))
    expect(row!.failures).toBe(LECTURES_BUDGET.groupsPerMinute)
  })
})
