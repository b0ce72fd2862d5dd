// The history painted by the server (issue 29): a signed-in navigation gets the page already
// filled for the person signed in (or the member staff chose), nothing of anyone else's; the app
// hydrates it without a mismatch and without asking for its data again; once loaded, the page
// works with the network cut.
import type { Browser, Page } from '@playwright/test'
import { expect, test } from './network-switch'
import { signIn, waitForServiceWorker } from './support'

/** What the server's HTML alone shows: a page with JavaScript off, signed in as `username`. */
async function serverPage(browser: Browser, baseURL: string, username: string, member?: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, serviceWorkers: 'block' })
  const page = await context.newPage()
  const res = await page.request.post('/security/login', { data: { username, password: 'demo' } })
  expect(res.ok()).toBe(true)
  if (member) expect((await page.request.put('/web/user/me/tiers', { data: { numTiers: member } })).ok()).toBe(true)
  await page.goto('/')
  return page
}

test('the history comes painted by the server for the farmer signed in, and nobody else', async ({
  browser,
  baseURL,
}) => {
  const first = await serverPage(browser, baseURL!, '100001')
  await expect(first.getByRole('heading', { name: 'Historique', level: 1 })).toBeVisible()
  await expect(first.getByRole('banner')).toContainText('GAEC DES TROIS CHÊNES')
  await expect(first.getByRole('banner')).toContainText('N° tiers 100001')
  await expect(first.getByRole('heading', { name: /^Livré le / }).first()).toBeVisible()
  await expect(first.locator('body')).not.toContainText('KERBRAT')

  const other = await serverPage(browser, baseURL!, '100002')
  await expect(other.getByRole('banner')).toContainText('EARL AVICOLE DE KERBRAT')
  await expect(other.getByRole('heading', { name: /^Livré le / }).first()).toBeVisible()
  await expect(other.locator('body')).not.toContainText('TROIS CHÊNES')
  // The data the page carries is theirs only, too.
  const data = await other.locator('#silo-first-screen').textContent()
  expect(data).toContain('100002')
  expect(data).not.toContain('100001')
  await first.context().close()
  await other.context().close()
})

test('pages rendered at the same time for different farmers each hold their own data', async ({
  playwright,
  baseURL,
}) => {
  const farmers = [
    { username: '100001', own: 'TROIS CHÊNES', other: 'KERBRAT' },
    { username: '100002', own: 'KERBRAT', other: 'TROIS CHÊNES' },
  ]
  const sessions = await Promise.all(
    farmers.map(async (f) => {
      const api = await playwright.request.newContext({ baseURL })
      expect((await api.post('/security/login', { data: { username: f.username, password: 'demo' } })).ok()).toBe(true)
      return { ...f, api }
    }),
  )
  // Twenty renders in flight together, alternating who asks: none answers with another's page.
  const pages = await Promise.all(
    Array.from({ length: 20 }, async (_, i) => {
      const s = sessions[i % 2]!
      return { s, html: await (await s.api.get('/', { headers: { Accept: 'text/html' } })).text() }
    }),
  )
  for (const { s, html } of pages) {
    expect(html).toContain('id="silo-first-screen"')
    expect(html).toContain(s.own)
    expect(html).not.toContain(s.other)
  }
  await Promise.all(sessions.map((s) => s.api.dispose()))
})

test('staff acting for a member get that member’s history from the server', async ({ browser, baseURL }) => {
  const page = await serverPage(browser, baseURL!, 'conseiller', '100002')
  await expect(page.getByRole('banner')).toContainText('EARL AVICOLE DE KERBRAT')
  await expect(page.getByRole('banner')).toContainText('Conseiller')
  await expect(page.getByRole('heading', { name: /^Livré le / }).first()).toBeVisible()
  await expect(page.locator('body')).not.toContainText('TROIS CHÊNES')
  await page.context().close()

  // No member chosen: no history to paint, the app sends them to the member search.
  const none = await serverPage(browser, baseURL!, 'admin')
  await expect(none.locator('#silo-first-screen')).toHaveCount(0)
  await expect(none.getByRole('heading', { name: 'Historique' })).toHaveCount(0)
  await none.context().close()
})

test('the app hydrates the server’s history without a mismatch or asking again, then works offline', async ({
  page,
  network,
}) => {
  const problems: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text())
  })
  page.on('pageerror', (e) => problems.push(e.message))
  const reads: string[] = []
  page.on('request', (r) => {
    const url = new URL(r.url())
    if (url.pathname.startsWith('/web/')) reads.push(url.pathname + url.search)
  })
  await signIn(page, '100001', 'demo', '/catalog/order_history')
  await expect(page.getByRole('heading', { name: /^Livré le / }).first()).toBeVisible()
  // Hydrated: the page answers (the duplication mode opens its bar).
  await page.getByRole('button', { name: 'Dupliquer des lignes' }).click()
  await expect(page.getByRole('button', { name: 'Annuler' })).toBeVisible()
  await page.getByRole('button', { name: 'Annuler' }).click()
  // The ids React gives on the client are the server's: a dialog rendered later is named by its title.
  await page.getByRole('navigation', { name: 'Catalogue' }).getByRole('button', { name: 'Plus' }).click()
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden()
  // The data the server rendered from is used, not fetched again.
  for (const read of ['/web/user/me', '/web/v1/tiers/100001', '/web/v1/tiers/100001/livraisons?limite=12'])
    expect(reads, read).not.toContain(read)
  expect(problems.filter((p) => /hydrat|#418|#419|#423|#425/i.test(p))).toEqual([])

  // Once loaded, the page stands without the network (the installed shell and the kept data).
  await waitForServiceWorker(page)
  await page.waitForLoadState('networkidle')
  network.cut()
  await page.reload()
  await expect(page.getByRole('heading', { name: /^Livré le / }).first()).toBeVisible()
  await expect(page.getByRole('banner')).toContainText('GAEC DES TROIS CHÊNES')
})

/** Farmer 100001's history as the server paints it, the app's scripts held back until
 * `release()`: the farmer acts on the server's page alone, as on a slow network. */
async function paintedWithoutScripts(page: Page): Promise<{ release: () => void }> {
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/assets/index-*.js', async (route) => {
    await held
    await route.continue()
  })
  const res = await page.request.post('/security/login', { data: { username: '100001', password: 'demo' } })
  expect(res.ok()).toBe(true)
  await page.goto('/catalog/order_history', { waitUntil: 'commit' })
  return { release }
}

test('an address picked on the painted page before the scripts run is the one the list follows', async ({ page }) => {
  const { release } = await paintedWithoutScripts(page)
  const main = page.locator('main')
  await expect(main.getByRole('heading', { name: /^Livré le / }).first()).toBeVisible()
  // Address 4 (suspended) has no delivery in the first window (seed).
  await page.getByLabel('Adresse de livraison').selectOption({ value: '4' })
  release()
  await expect(main.getByText('Aucune livraison à afficher.')).toBeVisible()
  await expect(main.getByRole('heading', { name: /^Livré le / })).toHaveCount(0)
  await expect(page.getByLabel('Adresse de livraison')).toHaveValue('4')
})

test('a button tapped on the painted page before the scripts run is answered once they have', async ({ page }) => {
  const { release } = await paintedWithoutScripts(page)
  await page.getByRole('button', { name: 'Dupliquer des lignes' }).click()
  // Nothing to answer it yet: the page stays as painted, no native form submission, no reload.
  await expect(page.getByRole('button', { name: 'Annuler' })).toHaveCount(0)
  release()
  await expect(page.getByRole('button', { name: 'Annuler' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Dupliquer des lignes' })).toHaveCount(0)
})
