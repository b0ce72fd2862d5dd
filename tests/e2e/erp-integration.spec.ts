// The cooperative's ERP end to end (issue 41): farmer 100001 sends an order from the app; a test
// "ERP" that only speaks the integration API (an API key made with `npm run api-key`) reads it
// from the feed exactly once, posts VALORISEE for the order, then LIVREE for its first line with
// 12,5 t; the farmer's Commandes internet shows the steps ("Voir détails, plusieurs étapes", then
// each line's) and the Historique the delivery — and both again with the network cut after a
// refresh.
import { correcteur, vl } from './cart-lines'
import { createApiKey, erp } from './erp-client'
import { expect, test } from './network-switch'
import { signIn, waitForServiceWorker, writeCart } from './support'

test('an order goes out to the ERP once; its steps and delivery come back to the farmer, online and offline', async ({
  page,
  network,
}) => {
  test.setTimeout(120_000)
  const cooperative = erp(createApiKey())
  // The ERP has read everything so far: it keeps this cursor.
  const { cursor: before } = await cooperative.readAll('0')

  // The farmer sends a two-line order from the app.
  await signIn(page, '100001', 'demo', '/catalog/cart/view')
  await waitForServiceWorker(page)
  await writeCart(page, [vl('001', { quantiteCommande: 12.5 }), correcteur('002', { codeTypeSilo1: '002' })])
  await page.goto('/catalog/cart/view')
  await page.getByRole('button', { name: 'Etape suivante' }).click()
  await expect(page.getByLabel('Mode de règlement')).toHaveCount(2)
  await page.getByRole('button', { name: 'Confirmer la commande' }).click()
  const received = page.getByText(/^Votre commande N°\d+ a bien été enregistrée$/)
  await expect(received).toBeVisible({ timeout: 20_000 })
  const numero = (await received.textContent())!.match(/N°(\d+)/)![1]!

  // The ERP reads it from the feed, once.
  const { seen, cursor } = await cooperative.readAll(before)
  expect(seen.map((c) => c.numero)).toEqual([numero])
  expect(seen[0]).toMatchObject({
    tiers: { numTiers: '100001' },
    personnel: null,
    cleIdempotence: expect.any(String),
    lignes: [
      expect.objectContaining({ idLigne: '001', numArticle: '410101', quantiteCommande: 12.5 }),
      expect.objectContaining({ idLigne: '002', numArticle: '410104' }),
    ],
  })
  expect((await cooperative.readAll(cursor)).seen).toEqual([])

  // Valued, then the first line delivered: 12,5 t today. The farmer looks a few minutes later
  // each time: the page's clock moves on, past the lists' staleTime (1 min for the orders, 5 for
  // the Historique), as it would between the ERP's moves and the farmer's next look.
  const later = (minutes: number) => page.clock.setFixedTime(Date.now() + minutes * 60_000)
  await cooperative.steps(numero, { etape: 'VALORISEE' })
  await later(2)
  await page.goto('/commandes-en-cours')
  const card = page
    .getByRole('region', { name: 'Commandes en cours' })
    .getByRole('listitem')
    .filter({
      hasText: `N° ${numero}`,
    })
  await expect(card).toContainText('Valorisée')
  const delivered = await cooperative.steps(numero, {
    lignes: [{ idLigne: '001', etape: 'LIVREE', quantiteLivree: '12,5' }],
  })
  expect(delivered.livraisons).toEqual([{ numLivraison: `C${numero}-001`, dateEffectiveLivraison: expect.any(String) }])

  // The farmer refreshes: the order reads "several steps", its detail each line's.
  await later(10)
  await page.reload()
  await expect(card).toContainText('Voir détails, plusieurs étapes')
  const expectDetail = async () => {
    await card.getByRole('link').click()
    await expect(page.getByRole('heading', { name: new RegExp(`^Détails de la commande ${numero} du `) })).toBeVisible()
    const lines = page.locator('main li').filter({ has: page.getByRole('heading', { level: 3 }) })
    await expect(lines.filter({ hasText: 'VL Production 18 % vrac' })).toContainText('Livrée')
    await expect(lines.filter({ hasText: 'Correcteur azoté 40 % vrac' })).toContainText('Valorisée')
  }
  await expectDetail()

  // The Historique shows the delivery.
  await page.goto('/catalog/order_history')
  const delivery = page
    .locator('main li')
    .filter({ hasText: 'VL Production 18 % vrac' })
    .filter({ hasText: '12,500 t' })
  await expect(delivery.first()).toBeVisible()

  // The network cut after that refresh: both screens still show what came back from the ERP.
  network.cut()
  await page.reload()
  await expect(page.getByText(/^Hors connexion — données du/)).toBeVisible()
  await expect(delivery.first()).toBeVisible()
  await page.goto('/commandes-en-cours')
  await expect(card).toContainText('Voir détails, plusieurs étapes')
  await expectDetail()
  network.restore()
})
