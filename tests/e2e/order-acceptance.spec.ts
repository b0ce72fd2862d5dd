// What the server accepts is what the app lets a farmer send (issue "Orders the server can stand
// behind"): an "Autre" storage place confirmed with no network is accepted when the network is
// back and the order's detail shows the farmer's words; on 100002's lots "Commander" is offered
// only on the orderable tranche, and a disabled one says why.
// The network is cut for real (tests/e2e/network-switch.ts): page and service worker alike.
import AxeBuilder from '@axe-core/playwright'
import { expect, test } from './network-switch'
import { vl } from './cart-lines'
import { signIn, waitForServiceWorker, writeCart } from './support'

test('an order with an "Autre" place, confirmed with the network cut, is accepted when the network is back', async ({
  page,
  network,
}) => {
  await signIn(page, '100001', 'demo', '/catalog/cart/view')
  await waitForServiceWorker(page)
  await writeCart(page, [vl('001', { codeTypeSilo1: '997:Silo du fond' })])
  await page.goto('/catalog/cart/view')
  await expect(page.getByRole('heading', { name: 'Mon panier' })).toBeVisible()
  // With signal the payment proposals are fetched and kept for the offline confirmation.
  await page.getByRole('button', { name: 'Etape suivante' }).click()
  await expect(page.getByRole('heading', { name: 'Validation règlement' })).toBeVisible()
  await expect(page.getByLabel('Mode de règlement')).toHaveCount(1)

  network.cut()
  await page.reload()
  await expect(page.getByLabel('Mode de règlement')).toHaveCount(1)
  await page.getByRole('button', { name: 'Confirmer la commande' }).click()
  await expect(page.getByText("Votre commande est en attente d'envoi")).toBeVisible()

  network.restore()
  const received = page.getByText(/^Votre commande N°\d+ a bien été enregistrée$/)
  await expect(received).toBeVisible({ timeout: 20_000 })
  await expect(page.getByRole('dialog', { name: 'Commande invalide' })).toHaveCount(0)
  const numero = (await received.textContent())!.match(/N°(\d+)/)![1]!

  // The detail shows the place in the farmer's words.
  await page.goto(`/commandes-en-cours?numero=${numero}`)
  await expect(page.getByRole('heading', { name: new RegExp(`^Détails de la commande ${numero}`) })).toBeVisible()
  await expect(page.getByText('Autre : Silo du fond')).toBeVisible()
})

test('on 100002\'s lots, "Commander" only on the orderable tranche; the others say why', async ({ page }) => {
  await signIn(page, '100002', 'demo', '/catalog/lots')
  await page.getByRole('link', { name: 'Voir le lot OL20417' }).click()
  await expect(page).toHaveURL(/numLot=OL20417/)
  const tranches = page
    .getByRole('main')
    .locator('li')
    .filter({ has: page.getByRole('heading', { name: /^De \d+ à \d+ jours$/ }) })
  await expect(tranches).toHaveCount(4)
  // Tranches 1 and 2 are complete, 3 is the one to order, 4 waits for 3.
  const commander = (i: number) => tranches.nth(i).getByRole('button', { name: /^Commander/ })
  await expect(commander(0)).toBeDisabled()
  await expect(tranches.nth(0).getByText('Non commandable : Tranche complète')).toBeVisible()
  await expect(commander(1)).toBeDisabled()
  await expect(commander(2)).toBeEnabled()
  await expect(tranches.nth(2).getByText('Tranche conseillée')).toBeVisible()
  await expect(commander(3)).toBeDisabled()
  await expect(tranches.nth(3).getByText("Non commandable : La tranche précédente n'est pas complète")).toBeVisible()
  await expect(page.getByText('Tranche conseillée')).toHaveCount(1)

  // A plan out of its dates: nothing to order, no tranche recommended.
  await page.goto('/catalog/lots')
  await page.getByRole('link', { name: 'Voir le lot VL10198' }).click()
  await expect(page.getByText('Tranche conseillée')).toHaveCount(0)
  for (const button of await page
    .getByRole('main')
    .getByRole('button', { name: /^Commander/ })
    .all())
    await expect(button).toBeDisabled()
  await expect(page.getByText("Non commandable : Plan d'alimentation hors de ses dates").first()).toBeVisible()

  const { violations } = await new AxeBuilder({ page }).analyze()
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([])
})
