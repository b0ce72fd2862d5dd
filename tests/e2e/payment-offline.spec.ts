// The payment step with the network cut for real (issue 16, defect 6): lines added online, the
// network gone before the cart was opened, the step uses the customer's usual terms (README);
// when this device never saw them, the order waits for the network and never leaves without a
// payment code.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { businessDaysAfter } from '../support/business-days'
import { TWO_LINES } from './cart-lines'
import { expect, test } from './network-switch'
import { currentOrders, deviceCopies, signIn, waitForServiceWorker, writeCart } from './support'

const ARTICLE = '410101' // VL Production 18 % vrac
const start = businessDaysAfter(8)

async function expectNoSeriousViolation(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze()
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([])
}

async function toPaymentStepCut(page: Page) {
  await page.goto('/catalog/cart/view')
  await expect(page.getByText(/^Hors connexion/).first()).toBeVisible()
  await page.getByRole('button', { name: 'Etape suivante' }).click()
  await expect(page.getByRole('heading', { name: 'Validation règlement' })).toBeVisible()
}

test('a line added online, the network cut before the cart is opened: the usual terms apply and the order goes with its payment code', async ({
  page,
  network,
}) => {
  await signIn(page, '100001', 'demo', '/catalog/aliments')
  await waitForServiceWorker(page)
  await page
    .locator('main li')
    .filter({ hasText: `Article ${ARTICLE}` })
    .getByRole('button', { name: /^Commander/ })
    .click()
  const dialog = page.getByRole('dialog', { name: 'Ajouter au panier' })
  await dialog.getByLabel('Quantité (t) *').fill('12')
  await dialog.getByLabel('Adresse de livraison *').selectOption({ index: 1 })
  await dialog.getByLabel('Lieu de stockage 1 *').selectOption({ label: 'Silo 3' })
  await dialog.getByRole('button', { name: 'Suivant' }).click()
  await dialog.getByLabel('Livraison au plus tôt *').fill(start)
  await dialog.getByLabel('Livraison au plus tard *').fill(businessDaysAfter(2, start))
  await dialog.getByRole('button', { name: 'Ajouter au panier' }).click()
  await expect(dialog).toBeHidden()
  // The customer's terms are kept on the device: in the member's snapshot for no signal (issue 50).
  await expect.poll(async () => (await deviceCopies(page)).includes('"reglementTiers"')).toBe(true)
  const before = await currentOrders(page)

  network.cut()
  await toPaymentStepCut(page)
  await expect(page.getByText(/Aucun mode de règlement proposé/)).toHaveCount(0)
  const mode = page.getByLabel('Mode de règlement')
  await expect(mode).toHaveCount(1)
  const code = await mode.inputValue()
  expect(code).not.toBe('')
  await expectNoSeriousViolation(page)
  await page.getByRole('button', { name: 'Confirmer la commande' }).click()
  await expect(page.getByText("Votre commande est en attente d'envoi")).toBeVisible()

  network.restore()
  const received = page.getByText(/^Votre commande N°\d+ a bien été enregistrée$/)
  await expect(received).toBeVisible({ timeout: 30_000 })
  const numero = (await received.textContent())!.match(/N°(\d+)/)![1]!
  const mine = (await currentOrders(page)).filter((o) => o.numero === numero)
  expect((await currentOrders(page)).length).toBe(before.length + 1)
  expect(mine[0]!.lignes.map((l) => l.codeReglement)).toEqual([code])
})

test('offline with no payment terms ever seen on this device, the order waits for the network', async ({
  page,
  network,
}) => {
  // The preparation for no signal (issue 24) would bring the terms, in the member's snapshot since
  // issue 50: neither it nor the terms' own read come through here.
  network.hold(/^GET \/web\/v1\/tiers\/\d+\/(reglement-tiers|hors-connexion)/)
  await signIn(page, '100001', 'demo', '/catalog/aliments')
  await waitForServiceWorker(page)
  await writeCart(page, TWO_LINES)
  network.cut()
  await toPaymentStepCut(page)
  await expect(
    page.getByText('Hors connexion : vos modes de règlement ne sont pas encore connus sur cet appareil.', {
      exact: false,
    }),
  ).toBeVisible()
  await expect(page.getByText('Modes de règlement inconnus hors connexion pour cette ligne.')).toHaveCount(2)
  await expect(page.getByRole('button', { name: 'Confirmer la commande' })).toBeDisabled()
  await expectNoSeriousViolation(page)

  // The server answers again: the proposals come, the order can go.
  network.restore()
  await expect(page.getByLabel('Mode de règlement')).toHaveCount(2, { timeout: 30_000 })
  await expect(page.getByRole('button', { name: 'Confirmer la commande' })).toBeEnabled()
})
