// Ready for the barn on one bar of signal (issue 50): a farmer signs in on a slow link (150 ms RTT,
// 1.6 Mbit/s down, 750 kbit/s up: the page's network emulated by Chromium), and 5 s after the
// sign-in answer the network is cut for real. The member's snapshot came in one request meanwhile:
// every screen shows its data, an article never opened online goes through the order-line form
// (supplements, minerals, delivery constraints) and the payment step. Then, online, the ERP posts a
// step; the app comes back to the foreground, and one conditional request brings it.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { TWO_LINES } from './cart-lines'
import { orderOffline, screensOffline } from './barn-steps'
import { createApiKey, erp } from './erp-client'
import { expect, test } from './network-switch'
import { backToForeground, deviceCopies, waitForServiceWorker, writeCart } from './support'

const SNAPSHOT = 'GET /web/v1/tiers/100001/hors-connexion'

async function slowLink(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: 1_600_000 / 8,
    uploadThroughput: 750_000 / 8,
  })
}

async function expectNoSeriousViolation(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze()
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([])
}

test('a fresh sign-in on a slow link, the network cut 5 s later: every screen, the order form and the payment step work offline', async ({
  page,
  network,
}) => {
  test.setTimeout(180_000)
  await slowLink(page)
  const res = await page.request.post('/security/login', { data: { username: '100001', password: 'demo' } })
  expect(res.ok()).toBe(true)
  const answered = Date.now()
  await page.goto('/catalog/order_history')
  await expect(page.getByRole('heading', { name: /^Livré le/ }).first()).toBeVisible()
  // 5 s after the sign-in answer, the farmer is in the barn.
  await page.waitForTimeout(Math.max(0, answered + 5_000 - Date.now()))
  await waitForServiceWorker(page) // the app itself must be on the device to be opened offline
  network.cut()
  // The member's whole copy came as one request, and nothing per article.
  expect(network.forwarded.filter((l) => l === SNAPSHOT)).toHaveLength(1)
  expect(network.forwarded.filter((l) => /\/(supplementations|mineraux|contraintes-livraison)/.test(l))).toEqual([])
  expect(network.forwarded.filter((l) => l.startsWith('POST /web/v1/lectures'))).toEqual([])

  await screensOffline(page, network)
  await expectNoSeriousViolation(page)
  await page.goto('/catalog/order_history')
  await expect(page.getByRole('heading', { name: /^Livré le/ }).first()).toBeVisible()
  await orderOffline(page) // the form (supplements, bounds, delivery days) and the payment step
  await expectNoSeriousViolation(page)
})

test('the ERP posts a step; back in the foreground online, one conditional request brings it', async ({
  page,
  network,
}) => {
  test.setTimeout(120_000)
  const cooperative = erp(createApiKey())
  const res = await page.request.post('/security/login', { data: { username: '100001', password: 'demo' } })
  expect(res.ok()).toBe(true)
  await page.goto('/catalog/order_history')
  await waitForServiceWorker(page)
  // An order of this member, sent from the cart.
  await writeCart(page, TWO_LINES)
  await page.goto('/catalog/cart/view')
  await page.getByRole('button', { name: 'Etape suivante' }).click()
  await page.getByRole('button', { name: 'Confirmer la commande' }).click()
  const received = page.getByText(/^Votre commande N°\d+ a bien été enregistrée$/)
  await expect(received).toBeVisible({ timeout: 20_000 })
  const numero = (await received.textContent())!.match(/N°(\d+)/)![1]!
  await page.goto('/commandes-en-cours')
  const card = page
    .getByRole('region', { name: 'Commandes en cours' })
    .getByRole('listitem')
    .filter({ hasText: `N° ${numero}` })
  await expect(card).toBeVisible()
  await expect(card).not.toContainText('Valorisée')
  // The snapshot on the device, and nothing on its way.
  await expect.poll(async () => (await deviceCopies(page)).includes('"contraintesLivraison"')).toBe(true)
  await page.waitForTimeout(1_500)

  await cooperative.steps(numero, { etape: 'VALORISEE' })
  const from = network.forwarded.length
  await backToForeground(page)
  await expect(card).toContainText('Valorisée')
  await page.waitForTimeout(1_000) // anything else asked would have gone by now
  const asked = network.forwarded.slice(from).filter((l) => l.includes('/web/'))
  expect(asked).toEqual([SNAPSHOT])
})
