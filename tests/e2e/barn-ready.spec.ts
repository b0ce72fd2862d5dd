// Ready for the barn before the barn (issue 24, items 1 and 2), with the network cut for real: after
// a fresh sign-in that opened only Historique (or an adviser's choice of member, nothing else
// opened), the device prepares in the background what the screens and an order need. "Cet
// appareil" says when it is ready; then, cut and reloaded, Aliments, Lots & plans, Contrats and
// Commandes internet show their data with its date, an article never opened online goes through the
// order-line form, the payment step knows the payment modes, and the confirmed order reaches the
// server exactly once when the network returns.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { businessDaysAfter } from '../support/business-days'
import { expect, serverURL, test, type NetworkSwitch } from './network-switch'
import { deviceCopies, ordersInProgress, signIn, waitForServiceWorker } from './support'

const ARTICLE = '410101' // VL Production 18 % vrac, never opened online in these tests
const start = businessDaysAfter(8)
const ORDER_POST = /^POST \/web\/v1\/tiers\/\d+\/commandes$/
const SAVED = /^Hors connexion — données du \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}$/

const serverOrders = (numTiers: string) => ordersInProgress(serverURL, numTiers)

/** Opens "Cet appareil" from the "Plus" menu and waits until every kind is ready for no signal. */
async function waitUntilPrepared(page: Page) {
  await page.getByRole('navigation', { name: 'Catalogue' }).getByRole('button', { name: 'Plus' }).click()
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Cet appareil' }).click()
  const panel = page.getByRole('dialog', { name: 'Cet appareil' })
  const prepared = panel.getByRole('region', { name: 'Pour travailler sans réseau' })
  for (const kind of [
    'Articles',
    'Lots et plans',
    'Règlements',
    'Contrats',
    'Commandes',
    'Historique',
    'Exploitations et bâtiments',
  ])
    await expect(prepared.getByText(`${kind} : Prêt hors connexion — données du`)).toBeVisible({ timeout: 150_000 })
  await expect(prepared.getByRole('button', { name: 'Mettre à jour maintenant' })).toBeEnabled()
  const { violations } = await new AxeBuilder({ page }).include('[role="dialog"]').analyze()
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([])
  await panel.getByRole('button', { name: 'Fermer' }).click()
  // The persister writes the cache at most once a second: let its last write land.
  await expect.poll(async () => (await deviceCopies(page)).includes('contraintes-livraison')).toBe(true)
  await page.waitForTimeout(1_500)
}

/** Cut, reloaded: each catalog screen shows its data with its date. */
async function screensOffline(page: Page, network: NetworkSwitch) {
  network.cut()
  await page.reload()
  for (const [path, heading] of [
    ['/catalog/aliments', 'Aliments'],
    ['/catalog/lots', 'Lots & plans'],
    ['/catalog/contrats', 'Contrats'],
    ['/commandes-en-cours', 'Commandes internet'],
  ]) {
    await page.goto(path!)
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    await expect(page.getByText(SAVED).first()).toBeVisible()
    await expect(
      page.getByText('Pas de réseau et aucune donnée enregistrée sur cet appareil pour cette page.'),
    ).toHaveCount(0)
  }
}

/** From Aliments, offline: the article's line through the form, the payment step, confirmed. */
async function orderOffline(page: Page) {
  await page.goto('/catalog/aliments')
  await page
    .locator('main li')
    .filter({ hasText: `Article ${ARTICLE}` })
    .getByRole('button', { name: /^Commander/ })
    .click()
  const dialog = page.getByRole('dialog', { name: 'Ajouter au panier' })
  await expect(dialog.getByLabel('Quantité (t) *')).toBeVisible()
  // Everything the form reads was prepared: no "could not be loaded" note, the supplements listed.
  await expect(dialog.getByText(/n'ont pas pu être chargé/)).toHaveCount(0)
  await expect(dialog.getByLabel('Levure vivante')).toBeVisible()
  await dialog.getByLabel('Quantité (t) *').fill('35')
  await dialog.getByRole('button', { name: 'Suivant' }).click()
  // The article's own rules, offline.
  await expect(dialog.getByText('Veuillez renseigner une valeur inférieure ou égale à 29 t')).toBeVisible()
  await dialog.getByLabel('Quantité (t) *').fill('12')
  await dialog.getByLabel('Adresse de livraison *').selectOption({ index: 1 })
  await dialog.getByLabel('Lieu de stockage 1 *').selectOption({ label: 'Silo 3' })
  await dialog.getByRole('button', { name: 'Suivant' }).click()
  await dialog.getByLabel('Livraison au plus tôt *').fill(start)
  await dialog.getByLabel('Livraison au plus tard *').fill(businessDaysAfter(2, start))
  await expect(dialog.getByText(/jours de livraison de cette adresse n'ont pas pu être chargés/)).toHaveCount(0)
  await dialog.getByRole('button', { name: 'Ajouter au panier' }).click()
  await expect(dialog).toBeHidden()

  await page
    .getByRole('banner')
    .getByRole('link', { name: /Mon panier/ })
    .click()
  await page.getByRole('button', { name: 'Etape suivante' }).click()
  await expect(page.getByRole('heading', { name: 'Validation règlement' })).toBeVisible()
  await expect(page.getByText(/modes de règlement ne sont pas encore connus/)).toHaveCount(0)
  const mode = page.getByLabel('Mode de règlement')
  await expect(mode).toHaveCount(1)
  expect(await mode.inputValue()).not.toBe('')
  const confirm = page.getByRole('button', { name: 'Confirmer la commande' })
  await expect(confirm).toBeEnabled()
  await confirm.click()
  await expect(page.getByText("Votre commande est en attente d'envoi")).toBeVisible()
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
  // Nothing but the history and the shell was opened: the order form's data came by preparation.
  expect(network.forwarded.some((l) => l.includes(`/articles/A/${ARTICLE}/supplementations`))).toBe(true)

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
