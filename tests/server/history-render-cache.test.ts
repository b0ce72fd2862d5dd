// The server-rendered history kept (issue 50): rendered once per member, snapshot version and
// session, then served again, the same bytes (its inline elements allowed by their hashes, no
// nonce); rendered again when the member's
// snapshot moves; and never another session's or member's render. Through the whole app, with a
// stand-in for the app's render that reads the member as the real one does (in-process fetches
// with the page's session) and counts its renders.
import { createHash } from 'node:crypto'
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../src/server/app'
import { fixedClock } from '../../src/server/clock'
import { loadConfig } from '../../src/server/config'
import { silentLogger } from '../../src/server/logger'
import { DEMO } from '../../src/server/seed/demo'
import { backends, type OpenedTestDb } from './support/databases'
import { builtShell } from './support/built-shell'
import { send, signIn, TEST_NOW } from './support/app'
import { orderLine } from './support/order-line'

const root = mkdtempSync(join(tmpdir(), 'silo-history-cache-'))
const dist = join(root, 'dist')
mkdirSync(join(dist, 'assets'), { recursive: true })
mkdirSync(`${dist}-ssr`)
writeFileSync(join(dist, 'index.html'), builtShell())
writeFileSync(join(dist, 'assets/index-x.css'), '.a{color:red}')
// The app's render reduced to what matters here: it reads the session's member through the
// server (as the app's loaders do) and says whose history it is.
writeFileSync(
  `${dist}-ssr/server-render.js`,
  `globalThis.__renders = 0
export async function renderFirstScreen(href, fetchInProcess) {
  globalThis.__renders++
  const me = await (await fetchInProcess('/web/user/me', {})).json()
  const numTiers = me.tiers?.numTiers ?? me.numTiers ?? me.actingFor ?? me.username
  const tiers = await (await fetchInProcess('/web/v1/tiers/' + encodeURIComponent(numTiers), {})).json()
  return { html: '<main data-tiers="' + tiers.numTiers + '">' + tiers.raisonSociale + '</main>', state: { numTiers: tiers.numTiers } }
}
export async function renderSignInPage() { return null }
`,
)
afterAll(() => rmSync(root, { recursive: true, force: true }))
const renders = () => (globalThis as { __renders?: number }).__renders ?? 0

describe.each(backends.slice(0, 1))('the rendered history kept on $name', (backend) => {
  let opened: OpenedTestDb
  let app: ReturnType<typeof createApp>
  beforeAll(async () => {
    opened = await backend.open()
    const config = loadConfig({ NODE_ENV: 'test', DIST_DIR: dist })
    app = createApp({ db: opened.db, config, clock: fixedClock(TEST_NOW), logger: silentLogger })
  })
  afterAll(async () => opened?.close())

  const navigate = async (cookie: string) => {
    const res = await app.request('/catalog/order_history', {
      headers: { Host: 'localhost', 'Sec-Fetch-Mode': 'navigate', Cookie: cookie },
    })
    expect(res.status).toBe(200)
    return { page: await res.text(), policy: res.headers.get('content-security-policy') ?? '' }
  }
  const tiersOf = (page: string) => /<main data-tiers="([^"]+)"/.exec(page)?.[1]

  it('renders once per session and version, the same page each time, again after an order', async () => {
    const farmer = await signIn(app, DEMO.eleveur)
    const before = renders()
    const first = await navigate(farmer)
    expect(tiersOf(first.page)).toBe(DEMO.eleveur)
    const second = await navigate(farmer)
    expect(renders()).toBe(before + 1)
    expect(second.page).toBe(first.page)
    expect(second.page).not.toContain('nonce')
    // Its one inline script is allowed by its hash, and nothing else is.
    const script = /<script>([\s\S]*?)<\/script>/.exec(second.page)![1]!
    const scriptSrc = /script-src ([^;]*)/.exec(second.policy)![1]!.split(' ')
    expect(scriptSrc).toEqual(["'self'", `'sha256-${createHash('sha256').update(script).digest('base64')}'`])
    const ordered = await send(
      app,
      'POST',
      `/web/v1/tiers/${DEMO.eleveur}/commandes`,
      { numTiers: DEMO.eleveur, commande: { commentaire: 'Rendu', lignes: [orderLine()] } },
      farmer,
      { 'Idempotency-Key': 'history-render-cache-order' },
    )
    expect(ordered.status).toBe(201)
    await navigate(farmer)
    expect(renders()).toBe(before + 2)
  })

  it('never gives a session another member’s render, nor another session’s', async () => {
    const farmer = await signIn(app, DEMO.eleveur)
    const poultry = await signIn(app, DEMO.volailles)
    const adviser = await signIn(app, DEMO.conseiller)
    expect((await send(app, 'PUT', '/web/user/me/tiers', { numTiers: DEMO.volailles }, adviser)).status).toBe(200)
    const pages = await Promise.all(
      [farmer, poultry, adviser, farmer, poultry, adviser].map(async (cookie) =>
        tiersOf((await navigate(cookie)).page),
      ),
    )
    expect(pages).toEqual([DEMO.eleveur, DEMO.volailles, DEMO.volailles, DEMO.eleveur, DEMO.volailles, DEMO.volailles])
    // The adviser now acts for the farmer: the farmer's history, not the one kept for the poultry farm.
    expect((await send(app, 'PUT', '/web/user/me/tiers', { numTiers: DEMO.eleveur }, adviser)).status).toBe(200)
    expect(tiersOf((await navigate(adviser)).page)).toBe(DEMO.eleveur)
  })

  it('never serves an adviser the render kept for a member since taken out of their portfolio', async () => {
    const adviser = await signIn(app, DEMO.conseiller)
    expect((await send(app, 'PUT', '/web/user/me/tiers', { numTiers: DEMO.volailles }, adviser)).status).toBe(200)
    expect(tiersOf((await navigate(adviser)).page)).toBe(DEMO.volailles)
    const before = renders()
    await opened.db.execute(
      sql`delete from portefeuilles where username = ${DEMO.conseiller} and num_tiers = ${DEMO.volailles}`,
    )
    try {
      // Rendered afresh: its reads are refused, so nothing of the member's is in the page.
      const page = (await navigate(adviser)).page
      expect(renders()).toBe(before + 1)
      expect(tiersOf(page)).not.toBe(DEMO.volailles)
    } finally {
      await opened.db.execute(
        sql`insert into portefeuilles (username, num_tiers) values (${DEMO.conseiller}, ${DEMO.volailles})`,
      )
    }
  })
})
