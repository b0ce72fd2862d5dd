// Delivery history paged by count (ordering-area §9 "Mobile shows 12 lines at a time"; issue 17):
// the phone's first screen asks 12 lines, "Afficher plus de livraisons" brings 12 more, and the
// lines loaded are still shown after a reload with the network cut, from the query cache or,
// when that and the worker's copy are gone, from the device's copy (Dexie).
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from './network-switch'
import { signIn, waitForServiceWorker } from './support'

const lines = (page: Page) => page.locator('main section li')

/** Rows of the device's copy of the history (IndexedDB 'silo', table deliveries). */
const savedPages = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('silo')
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains('deliveries')) return resolve(0)
          const count = db.transaction('deliveries').objectStore('deliveries').count()
          count.onsuccess = () => resolve(count.result)
          count.onerror = () => resolve(-1)
        }
        open.onerror = () => resolve(-1)
      }),
  )

async function loadTwoPages(page: Page) {
  await signIn(page, '100001')
  await expect(page).toHaveURL(/\/catalog\/order_history/)
  await waitForServiceWorker(page)
  await expect(lines(page)).toHaveCount(12)
  const asked: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('/livraisons')) asked.push(new URL(r.url()).search)
  })
  await page.getByRole('button', { name: 'Afficher plus de livraisons' }).click()
  await expect(lines(page)).toHaveCount(24)
  // The second page is the rest of the same window, after the first page's last line.
  expect(asked.some((q) => /limite=12/.test(q) && /apres=/.test(q) && /dateFin=/.test(q))).toBe(true)
  await expect(page.getByRole('button', { name: 'Afficher plus de livraisons' })).toBeEnabled()
}

test('the phone shows 12 lines, then 12 more, and they are still shown offline after a reload', async ({
  page,
  network,
}) => {
  await loadTwoPages(page)
  const { violations } = await new AxeBuilder({ page }).analyze()
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([])

  network.cut('refuse')
  await page.reload()
  await expect(page.getByText(/^Hors connexion — données du/)).toBeVisible({ timeout: 8_000 })
  await expect(lines(page)).toHaveCount(24)
  // Older deliveries need the network: said next to the button, not a tap that does nothing.
  const note = page.getByText('Hors connexion : les livraisons plus anciennes s’afficheront quand le réseau reviendra.')
  await expect(note).toBeVisible()
  await page.getByRole('button', { name: 'Afficher plus de livraisons' }).click()
  await expect(note).toBeVisible()
  await expect(lines(page)).toHaveCount(24)
  network.restore()
})

test('with the query cache and the worker’s copies of the history gone, the device’s copy shows the pages loaded', async ({
  page,
  network,
}) => {
  await loadTwoPages(page)
  await expect.poll(() => savedPages(page), { timeout: 20_000 }).toBe(2)

  network.cut('refuse')
  await page.evaluate(async () => {
    // The persisted query cache (kept under the user's tag) without the history's queries.
    const key = Object.keys(localStorage).find((k) => k.startsWith('silo-query-cache:'))!
    const persisted = JSON.parse(localStorage.getItem(key) ?? '{}')
    const queries: { queryKey: unknown[] }[] = persisted.clientState?.queries ?? []
    persisted.clientState.queries = queries.filter((q) => q.queryKey[0] !== 'livraisons')
    localStorage.setItem(key, JSON.stringify(persisted))
    for (const name of await caches.keys()) {
      const cache = await caches.open(name)
      for (const request of await cache.keys()) if (request.url.includes('/livraisons')) await cache.delete(request)
    }
    // …and its copy of the server's history page (issue 50, sw/kept-history.ts).
    await caches.delete('silo-historique-garde-v1')
  })
  await page.reload()
  await expect(lines(page)).toHaveCount(24)
  await expect(page.getByText('Aucune livraison à afficher.')).toHaveCount(0)
  network.restore()
})

test.describe('on a tablet', () => {
  test.use({ viewport: { width: 1024, height: 768 } })

  test('whole 3-month windows, not 12 lines: the rest of the window follows without a tap', async ({ page }) => {
    const asked: string[] = []
    page.on('request', (r) => {
      if (r.url().includes('/livraisons?') && !r.url().includes('limite=200')) asked.push(new URL(r.url()).search)
    })
    await signIn(page, '100001')
    await expect(page).toHaveURL(/\/catalog\/order_history/)
    // More than a phone's 12 lines, and the window's rest was asked after the first page.
    await expect.poll(() => lines(page).count(), { timeout: 20_000 }).toBeGreaterThan(12)
    expect(asked.some((q) => /apres=/.test(q))).toBe(true)
    await expect(page.getByRole('button', { name: 'Afficher plus de livraisons' })).toBeEnabled()
  })
})
