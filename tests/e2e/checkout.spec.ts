// Checkout (cart-orders-admin §2 steps 2 and 3, §4, §5; issue "Checkout that never loses or
// doubles an order"): the payment step with farmer 100001's modes, then an order confirmed with
// no network, shown as waiting (never as sent), and received exactly once when the network is
// back, with its number on the confirmation page.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from './network-switch'
import { DateTime } from 'luxon'
import { toIsoDate } from '../../src/domain/calendar'
import { formatDate } from '../../src/domain/format'
import { d1 as start, TWO_LINES } from './cart-lines'
import { currentOrders, dropDeviceCopies, signIn, waitForServiceWorker, writeCart } from './support'

async function toPaymentStep(page: Page) {
  await page.goto('/catalog/cart/view')
  await expect(page.getByRole('heading', { name: 'Mon panier' })).toBeVisible()
  await page.getByRole('button', { name: 'Etape suivante' }).click()
  await expect(page.getByRole('heading', { name: 'Validation règlement' })).toBeVisible()
  await expect(page.getByLabel('Mode de règlement')).toHaveCount(2)
}

test('payment step: default mode, Modifier, a mode and its due date, duplicated, kept after a reload', async ({
  page,
}) => {
  await signIn(page, '100001', 'demo', '/catalog/cart/view')
  await writeCart(page, TWO_LINES)
  await toPaymentStep(page)

  const modes = page.getByLabel('Mode de règlement')
  // The default mode is preselected and locked until Modifier.
  await expect(modes.first()).toHaveValue('PRE30')
  await expect(modes.first()).toBeDisabled()
  await expect(
    page.getByText(`${formatDate(toIsoDate(DateTime.fromISO(start).plus({ days: 30 })))}`).first(),
  ).toBeVisible()
  // Two domiciliations: a selector.
  await expect(page.getByLabel('Domiciliation bancaire').first()).toBeVisible()
  await expect(page.getByTestId('poids-total')).toHaveText('16,000 t')

  await page.getByRole('button', { name: 'Modifier le règlement de VL Production 18 % vrac' }).click()
  await expect(modes.first()).toBeEnabled()
  await modes.first().selectOption('CPT')
  // Cash: the discount rate and the due date follow, no domiciliation.
  const first = page.locator('li[data-ligne="001"]')
  await expect(first.getByText('1,50 %')).toBeVisible()
  await expect(first.getByText(formatDate(start))).toBeVisible()
  await expect(first.getByLabel('Domiciliation bancaire')).toHaveCount(0)

  await page
    .getByRole('button', { name: 'Appliquer le règlement de VL Production 18 % vrac aux autres lignes' })
    .click()
  await expect(modes.nth(1)).toHaveValue('CPT')
  await expect(page.getByRole('dialog', { name: 'Attention' })).toHaveCount(0)

  await page.reload()
  await expect(page.getByLabel('Mode de règlement')).toHaveCount(2)
  await expect(page.getByLabel('Mode de règlement').nth(1)).toHaveValue('CPT')

  const { violations } = await new AxeBuilder({ page }).analyze()
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([])

  await page.getByRole('button', { name: 'Retour panier' }).click()
  await expect(page.getByRole('heading', { name: 'Mon panier' })).toBeVisible()
})

test('offline, a two-line order waits on the device; back online it is received exactly once and shows its number', async ({
  page,
  network,
}) => {
  await signIn(page, '100001', 'demo', '/catalog/cart/view')
  await waitForServiceWorker(page)
  await writeCart(page, TWO_LINES)
  const before = await currentOrders(page)
  // The cart is opened with signal: the payment proposals are fetched and kept for offline use.
  await toPaymentStep(page)

  network.cut()
  await page.reload()
  await expect(page.getByLabel('Mode de règlement')).toHaveCount(2)
  await expect(page.getByLabel('Mode de règlement').first()).toHaveValue('PRE30')
  await page.getByRole('button', { name: 'Confirmer la commande' }).click()

  await expect(page).toHaveURL(/\/catalog\/cart\/confirm\?envoi=/)
  await expect(page.getByText("Votre commande est en attente d'envoi")).toBeVisible()
  // The banner says what waits (the order, by its day and lines); one retry button on this page.
  const today = formatDate(DateTime.now().setZone('Europe/Paris')).slice(0, -5)
  const waiting = page.getByRole('region', { name: 'Envois en attente' })
  await expect(waiting).toContainText('Pas encore reçu par la coopérative')
  await expect(waiting).toContainText(`Commande du ${today} – 2 lignes, depuis`)
  await expect(waiting).toContainText('envoyé tout seul dès que le réseau revient')
  await expect(page.getByRole('button', { name: /^Réessayer/ })).toHaveCount(1)
  // Queued is never shown as sent.
  await expect(page.getByText(/a bien été enregistrée/)).toHaveCount(0)

  // The survey, answered with no network too: queued behind the order, sent with its number.
  // 4,5 stars with a finger: the fifth star, then a second tap on it makes it a half star.
  const globale = page.getByRole('radiogroup', { name: 'Note globale' })
  await globale.getByRole('radio', { name: '5 étoiles sur 5', exact: true }).click()
  await globale.getByRole('radio', { name: '5 étoiles sur 5', exact: true }).click()
  await expect(globale.getByRole('radio', { name: '4,5 étoiles sur 5', exact: true })).toBeChecked()
  await page
    .getByRole('radiogroup', { name: 'Navigation' })
    .getByRole('radio', { name: '4 étoiles sur 5', exact: true })
    .check()
  await page.getByLabel('Commentaire (facultatif)').fill('Commande passée depuis la stabulation, sans réseau.')
  await page.getByRole('button', { name: 'Envoyer' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Merci de votre retour.' })).toBeVisible()
  await expect(waiting.getByRole('listitem')).toHaveText([
    new RegExp(`^Commande du ${today} – 2 lignes, depuis`),
    /^Votre avis, depuis/,
  ])

  network.restore()
  const received = page.getByText(/^Votre commande N°\d+ a bien été enregistrée$/)
  await expect(received).toBeVisible({ timeout: 20_000 })
  const numero = (await received.textContent())!.match(/N°(\d+)/)![1]!
  await expect(page).toHaveURL(new RegExp(`numero=${numero}`))
  await expect(page.getByRole('region', { name: /en attente$/ })).toHaveCount(0)

  const after = await currentOrders(page)
  expect(after.length).toBe(before.length + 1)
  const mine = after.filter((o) => o.numero === numero)
  expect(mine).toHaveLength(1)
  expect(mine[0]!.lignes.map((l) => l.codeReglement)).toEqual(['PRE30', 'PRE30'])

  // The cart was emptied when the order was confirmed.
  await page.getByRole('link', { name: "Retour à l'accueil" }).click()
  await page.goto('/catalog/cart/view')
  await expect(page.getByText('Votre panier est vide')).toBeVisible()
})

test.describe('the payment proposals call failing online', () => {
  // The page's own requests, so that page.route sees them (no service worker in between).
  test.use({ serviceWorkers: 'block' })

  test('Payment proposals failure: the line leaves its loading state and shows no modes, never the usual terms', async ({
    page,
  }) => {
    await signIn(page, '100001', 'demo', '/catalog/cart/view')
    await writeCart(page, TWO_LINES)
    await page.route('**/web/v1/tiers/100001/reglement-commande*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Panne' }) }),
    )
    await dropDeviceCopies(page)
    await page.goto('/catalog/cart/view')
    await page.getByRole('button', { name: 'Etape suivante' }).click()
    await expect(page.getByRole('heading', { name: 'Validation règlement' })).toBeVisible()
    await expect(page.getByText(/^Aucun mode de règlement proposé pour cette ligne/)).toHaveCount(2, {
      timeout: 20_000,
    })
    await expect(page.getByText('Chargement des modes de règlement…')).toHaveCount(0)
    await expect(page.getByLabel('Mode de règlement')).toHaveCount(0)
    await expect(page.getByText(/d'après vos conditions habituelles/)).toHaveCount(0)
  })
})

test.describe('an order refused with another status than 409', () => {
  test.use({ serviceWorkers: 'block' })

  test('Other submission errors: rethrown, the global handler applies; the loading state ends', async ({ page }) => {
    await signIn(page, '100001', 'demo', '/catalog/cart/view')
    await writeCart(page, TWO_LINES)
    await page.route('**/web/v1/tiers/100001/commandes', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 403,
            contentType: 'application/json',
            body: JSON.stringify({ message: 'Vous n’avez pas le droit de commander pour ce client.' }),
          })
        : route.fallback(),
    )
    await toPaymentStep(page)
    await page.getByRole('button', { name: 'Confirmer la commande' }).click()
    // The global handler's dialog (cart-orders-admin §8), not "Commande invalide".
    const dialog = page.getByRole('alertdialog', { name: 'Erreur' })
    await expect(dialog).toContainText('403 Non autorisé', { timeout: 20_000 })
    await expect(dialog).toContainText('Raison : Vous n’avez pas le droit de commander pour ce client.')
    await expect(page.getByRole('alertdialog', { name: 'Commande invalide' })).toHaveCount(0)
    await dialog.getByRole('button', { name: 'Fermer' }).click()
    // Nothing lost: the order's lines are back in the cart.
    await page.goto('/catalog/cart/view')
    await expect(page.getByRole('button', { name: 'Etape suivante' })).toBeEnabled()
    await expect(page.getByText('Votre panier est vide')).toHaveCount(0)
  })
})
