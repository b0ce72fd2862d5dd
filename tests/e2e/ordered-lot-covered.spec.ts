// Advice that knows what was ordered (issue 24): once the tonnes a lot's forecast asked for are
// ordered, the lot, "Commander la tranche" and the "À commander" bar say so — at once with the
// order still in the outbox (the network cut for real), and after the cooperative received it.
// It orders VL10231's tranche on the suite's shared server: its name sorts it after the specs that
// expect VL10231 late (order-advice, order-acceptance), files running one after another by name.
import type { Page } from '@playwright/test'
import { expect, test } from './network-switch'
import { signIn, waitForServiceWorker } from './support'

const panel = (page: Page) => page.getByRole('region', { name: 'À commander' })
const lotCard = (page: Page, numLot: string) =>
  page.locator('main li').filter({ has: page.getByRole('heading', { name: `Lot ${numLot}` }) })

async function openPanel(page: Page) {
  await expect(panel(page).getByTestId('a-commander-resume')).not.toHaveText('Calcul en cours…')
  const toggle = panel(page).getByRole('button', { name: 'Voir' })
  if (await toggle.isVisible()) await toggle.click()
}

test('after ordering what VL10231’s forecast asked for, the lot and the bar no longer say "En retard" (outbox, then received)', async ({
  page,
  network,
}) => {
  await signIn(page, '100002')
  await waitForServiceWorker(page)
  // A cart of this order alone (other specs leave lines in 100002's cart on the shared server).
  await page.goto('/catalog/cart/view')
  const empty = page.getByRole('button', { name: 'Vider le panier' })
  if (await empty.isVisible().catch(() => false)) {
    await empty.click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Oui' }).click()
  }
  await expect(page.getByText('Votre panier est vide')).toBeVisible()
  await page.goto('/catalog/order_history')
  await openPanel(page)
  const late = panel(page).getByRole('listitem').filter({ hasText: 'Lot VL10231' })
  await expect(late.first()).toBeVisible()
  // The shared server's VL10231 may have been ordered by an earlier spec: nothing to check then.
  // The text's no-break spaces (French typography, issue 51) read as spaces.
  const shown = (await late.innerText()).replace(/\s+/g, ' ')
  test.skip(!shown.includes('Lot VL10231 : 21,5 t'), 'VL10231 already ordered on this server')
  await expect(late.getByTestId('conseil-commande')).toHaveText(/^En retard/)

  // The advised line, as it is: a late need opens on the first allowed day, an early start, asked
  // about as the line is added (issue 51): yes.
  await late.getByRole('button', { name: /^Commander/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Ajouter au panier' })
  await expect(dialog.getByLabel('Quantité (t) *')).toHaveValue('21,5')
  await dialog.getByRole('button', { name: 'Suivant' }).click()
  const early = page.getByRole('alertdialog', { name: 'Période anticipée' })
  await dialog.getByRole('button', { name: 'Ajouter au panier' }).click()
  await early.getByRole('button', { name: 'Oui' }).click()
  await expect(dialog).toBeHidden()

  // To the payment step with signal (its modes are kept), then confirmed with none: in the outbox.
  await page.goto('/catalog/cart/view')
  await page.getByRole('button', { name: 'Etape suivante' }).click()
  await expect(page.getByRole('heading', { name: 'Validation règlement' })).toBeVisible()
  await expect(page.getByLabel('Mode de règlement')).toHaveCount(1)
  network.cut()
  await page.getByRole('button', { name: 'Confirmer la commande' }).click()
  await expect(page.getByText("Votre commande est en attente d'envoi")).toBeVisible()

  await page.goto('/catalog/lots')
  await expect(lotCard(page, 'VL10231').getByTestId('conseil-commande')).not.toHaveText(/^En retard/)
  await page.goto('/catalog/order_history')
  await openPanel(page)
  await expect(panel(page).getByRole('listitem').filter({ hasText: 'Lot VL10231 : 21,5 t' })).toHaveCount(0)

  // Received by the cooperative: the server's own count says the same.
  network.restore()
  const waiting = page.getByRole('region', { name: 'Envois en attente' })
  await page.getByRole('button', { name: "Réessayer l'envoi" }).click()
  await expect(waiting).toHaveCount(0, { timeout: 30_000 })
  await page.goto('/catalog/lots')
  await expect(lotCard(page, 'VL10231').getByTestId('conseil-commande')).not.toHaveText(/^En retard/)
})
