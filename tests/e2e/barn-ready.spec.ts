// Ready for the barn before the barn (issue 24, items 1 and 2), with the network cut for real: after
// a fresh sign-in that opened only Historique (or an adviser's choice of member, nothing else
// opened), the device prepares in the background what the screens and an order need. "Cet
// appareil" says when it is ready; then, cut and reloaded, Aliments, Lots & plans, Contrats and
// Commandes internet show their data with its date, an article never opened online goes through the
// order-line form, the payment step knows the payment modes, and the confirmed order reaches the
// server exactly once when the network returns.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { ARTICLE, orderOffline, SAVED, screensOffline } from './barn-steps'
import { expect, serverURL, test, type NetworkSwitch } from './network-switch'
import { deviceCopies, ordersInProgress, signIn, waitForServiceWorker } from './support'

const ORDER_POST = /^POST \/web\/v1\/tiers\/\d+\/commandes$/

const serverOrders = (numTiers: string) => ordersInProgress(serverURL, numTiers)

/** Opens "Cet appareil" from the "Plus" menu and waits until the member's snapshot for no signal
 * is on the device: one line, « Prêt hors connexion — données du … » (issue 50). */
async function waitUntilPrepared(page: Page) {
  await page.getByRole('navigation', { name: 'Catalogue' }).getByRole('button', { name: 'Plus' }).click()
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Cet appareil' }).click()
  const panel = page.getByRole('dialog', { name: 'Cet appareil' })
  const prepared = panel.getByRole('region', { name: 'Pour travailler sans réseau' })
  await expect(prepared.getByText(/^Prêt hors connexion — données du \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}$/)).toBeVisible({
    timeout: 60_000,
  })
  await expect(prepared.getByRole('button', { name: 'Mettre à jour maintenant' })).toBeEnabled()
  const { violations } = await new AxeBuilder({ page }).include('[role="dialog"]').analyze()
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([])
  await panel.getByRole('button', { name: 'Fermer' }).click()
  // The snapshot is in IndexedDB; the persister writes the cache at most once a second.
  await expect.poll(async () => (await deviceCopies(page)).includes('"contraintesLivraison"')).toBe(true)
  await page.waitForTimeout(1_500)
}

/** The network back: the order reaches the server, once. */
async function sentOnce(page: Page, network: NetworkSwitch, numTiers: string, before: string[]) {
  expect(network.forwarded.filter((l) => ORDER_POST.test(l))).toEqual([])
  network.restore()
  const received = page.getByText(/^Votre commande N°\d+ a bien été enregistrée$/)
  await expect(received).toBeVisible({ timeout: 30_000 })
  const numero = (await received.textContent())!.match(/N°(\d+)/)![1]!
  await page.waitForTimeout(2_000) // anything sent twice would have arrived by now
  expect(network.forwarded.filter((l) => ORDER_POST.test(l))).toHaveLength(1)
  const after = await serverOrders(numTiers)
  expect(after.filter((n) => !before.includes(n))).toEqual([numero])
}

test('a farmer who opened only Historique: every screen and an order of an article never opened, with the network cut', async ({
  page,
  network,
}) => {
  test.setTimeout(300_000)
  const before = await serverOrders('100001')
  await signIn(page, '100001', 'demo', '/catalog/order_history')
  await waitForServiceWorker(page)
  await expect(page.getByRole('heading', { name: /^Livré le/ }).first()).toBeVisible()
  await waitUntilPrepared(page)
  // Nothing but the history and the shell was opened: the order form's data came with the member's
  // snapshot for no signal (issue 50), not by a read of its own.
  expect(network.forwarded).toContain('GET /web/v1/tiers/100001/hors-connexion')
  expect(network.forwarded.some((l) => l.includes(`/articles/A/${ARTICLE}/supplementations`))).toBe(false)

  await screensOffline(page, network)
  await orderOffline(page)
  await sentOnce(page, network, '100001', before)
})

test('an adviser who chose a member and opened nothing else: the same, for that member', async ({ page, network }) => {
  test.setTimeout(300_000)
  const before = await serverOrders('100001')
  await signIn(page, 'conseiller')
  await waitForServiceWorker(page)
  await page.getByLabel("Nom ou numéro d'adhérent").fill('GAEC DES TROIS CHÊNES')
  await page.getByRole('button', { name: /Agir pour GAEC DES TROIS CHÊNES/ }).click()
  await expect(page.getByRole('banner')).toContainText('GAEC DES TROIS CHÊNES')
  await waitUntilPrepared(page)

  await screensOffline(page, network)
  await expect(page.getByRole('banner')).toContainText('GAEC DES TROIS CHÊNES')
  await orderOffline(page)
  await sentOnce(page, network, '100001', before)
})

test('offline for the first time, lots name their farm and building from the prepared data (issue 27)', async ({
  page,
  network,
}) => {
  test.setTimeout(300_000)
  await signIn(page, '100002', 'demo', '/catalog/order_history')
  await waitForServiceWorker(page)
  await waitUntilPrepared(page)
  network.cut()
  await page.reload()
  await page.goto('/catalog/lots')
  await expect(page.getByText(SAVED).first()).toBeVisible()
  const main = page.getByRole('main')
  await expect(main).toContainText('Poulailler 1')
  await expect(main).not.toContainText(/N° \d/)
})
