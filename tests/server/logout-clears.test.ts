// Logout clears the browser (issue 42): a signed-in page is never stored in the HTTP cache
// (no-store), and POST /security/logout tells the browser to empty its HTTP cache of the site
// (Clear-Site-Data: "cache"; the service worker's precache is Cache Storage, which that leaves).
// Through the whole app, with a build of its own: the shell and a stand-in for the app's render.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../src/server/app'
import { fixedClock } from '../../src/server/clock'
import { loadConfig } from '../../src/server/config'
import { silentLogger } from '../../src/server/logger'
import { backends, type OpenedTestDb } from './support/databases'
import { builtShell } from './support/built-shell'
import { signIn, TEST_NOW } from './support/app'

const root = mkdtempSync(join(tmpdir(), 'silo-logout-clears-'))
const dist = join(root, 'dist')
mkdirSync(join(dist, 'assets'), { recursive: true })
mkdirSync(`${dist}-ssr`)
writeFileSync(join(dist, 'index.html'), builtShell())
writeFileSync(join(dist, 'assets/index-x.css'), '.a{color:red}')
// The app's render, as the build makes it (src/app/server-render.tsx), reduced to its answer.
writeFileSync(
  `${dist}-ssr/server-render.js`,
  `export async function renderFirstScreen() { return { html: '<main>Historique rendu</main>', state: { queries: [] } } }
export async function renderSignInPage() { return null }
`,
)
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe.each(backends.slice(0, 1))('logout clears the browser on $name', (backend) => {
  let opened: OpenedTestDb
  let app: ReturnType<typeof createApp>
  beforeAll(async () => {
    opened = await backend.open()
    const config = loadConfig({ NODE_ENV: 'test', DIST_DIR: dist })
    app = createApp({ db: opened.db, config, clock: fixedClock(TEST_NOW), logger: silentLogger })
  })
  afterAll(async () => opened?.close())

  const navigate = (path: string, cookie?: string) =>
    app.request(path, {
      headers: { Host: 'localhost', 'Sec-Fetch-Mode': 'navigate', ...(cookie ? { Cookie: cookie } : {}) },
    })

  it('sends the signed-in history, rendered, and the shell to a signed-in session with no-store', async () => {
    const cookie = await signIn(app, '100001')
    const history = await navigate('/catalog/order_history', cookie)
    expect(history.status).toBe(200)
    expect(await history.text()).toContain('<main>Historique rendu</main>')
    expect(history.headers.get('cache-control')).toBe('no-store')
    const shell = await navigate('/catalog/lots', cookie)
    expect(shell.status).toBe(200)
    expect(shell.headers.get('cache-control')).toBe('no-store')
    // Nobody signed in: the same shell, revalidated, may stay in the browser's private cache.
    const anonymous = await app.request('/catalog/lots', { headers: { Host: 'localhost' } })
    expect(anonymous.status).toBe(200)
    expect(anonymous.headers.get('cache-control')).toBe('private, no-cache')
  })

  it('sends a signed-in session opening /login on, never to a plain sign-in page (issue 43)', async () => {
    const cookie = await signIn(app, '100001')
    for (const [path, target] of [
      ['/login', '/catalog/order_history'],
      ['/login?redirectFrom=%2Fcatalog%2Flots', '/catalog/lots'],
    ] as const) {
      const res = await navigate(path, cookie)
      expect(res.status, path).toBe(302)
      expect(res.headers.get('location'), path).toBe(target)
      expect(res.headers.get('cache-control'), path).toBe('no-store')
    }
    // Sent there to be told of a failure: the page says it (its render, here none: the shell).
    expect((await navigate('/login?error=true', cookie)).status).toBe(200)
  })

  it('answers a logout with Clear-Site-Data: "cache", signed in or not', async () => {
    const cookie = await signIn(app, '100001')
    const logout = (cookie?: string) =>
      app.request('/security/logout', {
        method: 'POST',
        headers: { Host: 'localhost', Origin: 'http://localhost', ...(cookie ? { Cookie: cookie } : {}) },
      })
    const res = await logout(cookie)
    expect(res.status).toBe(204)
    expect(res.headers.get('clear-site-data')).toBe('"cache"')
    // The session is over: the history is no longer rendered for that cookie.
    expect(await (await navigate('/catalog/order_history', cookie)).text()).not.toContain('Historique rendu')
    const again = await logout()
    expect(again.status).toBe(204)
    expect(again.headers.get('clear-site-data')).toBe('"cache"')
  })
})
