// Issue 50, item 3: the installed app opened with no network paints the last Historique the server
// rendered for the person signed in, from the service worker's copy (sw/kept-history.ts), with its
// offline notice, before any of the app's scripts run; then the app hydrates and answers. The copy
// is that person's only: signed out, or another person on the device, nothing of it is served or kept.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from './network-switch'
import { signIn, waitForServiceWorker } from './support'

const KEPT_CACHE = 'silo-historique-garde-v1'
const normalize = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')

/** Everything the worker's copy cache holds, as text (its keys and bodies). */
const keptCopies = (page: Page): Promise<string[]> =>
  page.evaluate(async (name) => {
    if (!(await caches.has(name))) return []
    const cache = await caches.open(name)
    return Promise.all((await cache.keys()).map(async (r) => `${r.url}\n${await (await cache.match(r))!.text()}`))
  }, KEPT_CACHE)

/** The first contentful paint and the start of every script request, in the page's clock. */
const paintAndScripts = (page: Page) =>
  page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    scripts: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => e.initiatorType === 'script' || /\.js$/.test(new URL(e.name).pathname))
      .map((e) => ({ name: new URL(e.name).pathname, startTime: e.startTime })),
  }))

test('with the network cut, the installed app paints the kept history and its notice before its scripts, then answers', async ({
  page,
  network,
}) => {
  await signIn(page, '100001')
  await waitForServiceWorker(page)
  await expect(page.getByRole('heading', { name: /^Livré le / }).first()).toBeVisible()
  // The worker keeps the server's page of the history once it is active.
  await expect.poll(async () => (await keptCopies(page)).length, { timeout: 30_000 }).toBe(1)

  network.cut()
  const problems: string[] = []
  page.on('pageerror', (e) => problems.push(e.message))
  const served = page.waitForResponse((r) => r.request().isNavigationRequest())
  await page.goto('/catalog/order_history')
  // The page as the worker served it: the server's cards and the offline notice are in its HTML,
  // so they are on the first paint.
  const html = normalize(await (await served).text())
  expect(html).toMatch(/Hors connexion — données du \d\d\/\d\d\/\d{4} à \d\d:\d\d/)
  expect(html).toContain('Livré le')
  expect(html).toContain('GAEC DES TROIS CHÊNES')

  const notice = page.getByText(/^Hors connexion — données du/)
  await expect(notice).toBeVisible()
  await expect(page.getByRole('heading', { name: /^Livré le / }).first()).toBeVisible()
  // The app's scripts were asked for after that paint, from the worker's precache.
  await expect.poll(async () => (await paintAndScripts(page)).scripts.length).toBeGreaterThan(0)
  const { fcp, scripts } = await paintAndScripts(page)
  expect(fcp).not.toBeNull()
  for (const s of scripts) expect(s.startTime, s.name).toBeGreaterThan(fcp!)

  // Hydrated: the page answers, the notice still there (the server did not answer).
  await page.getByRole('button', { name: 'Dupliquer des lignes' }).click()
  await expect(page.getByRole('button', { name: 'Annuler' })).toBeVisible()
  await page.getByRole('button', { name: 'Annuler' }).click()
  await expect(notice).toBeVisible()
  expect(problems).toEqual([])

  const { violations } = await new AxeBuilder({ page }).analyze()
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([])
  network.restore()
})

test('signed out on the device, the kept history is neither served nor kept', async ({ page, network }) => {
  await signIn(page, '100001')
  await waitForServiceWorker(page)
  await expect(page.getByRole('heading', { name: /^Livré le / }).first()).toBeVisible()
  await expect.poll(async () => (await keptCopies(page)).length, { timeout: 30_000 }).toBe(1)

  // "Déconnexion" with no network: the device is signed out at once.
  network.cut()
  await page.getByRole('button', { name: 'Déconnexion' }).click()
  await expect(page).toHaveURL(/\/login/)
  await expect.poll(async () => (await keptCopies(page)).length).toBe(0)
  await page.goto('/catalog/order_history')
  await expect(page).toHaveURL(/\/login/)
  await expect(page.getByText(/^Hors connexion — données du/)).toHaveCount(0)
  for (const trace of ['GAEC', 'TROIS CH', 'Livré le'])
    expect(await page.locator('body').innerText()).not.toContain(trace)
  network.restore()
})
