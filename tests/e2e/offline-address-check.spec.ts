// The order-line form judges an address the article may not go to offline as it does online
// (issue 51, item 8): the device holds the server's answer for each address (the form fetches it,
// the preparation for no signal too), and src/domain's rule refuses with the same words, where the
// form used to say "sera vérifiée à l'envoi" beside "Prêt hors connexion". The network is cut for
// real (network-switch.ts, decision 0034).
import type { Locator, Page } from '@playwright/test'
import { MESSAGES } from '../../src/domain/constants'
import { expect, test } from './network-switch'
import { deviceCopies, signIn, waitForServiceWorker } from './support'

const ARTICLE = '470101' // address 3 of 100001 refuses it (its specifications, the seed)
const LATER = /sera vérifiée à l'envoi/

/** Aliments → Commander on the article, quantity filled, the address chosen, then Suivant. */
async function chooseAddress(page: Page, adresse: number): Promise<Locator> {
  await page.goto('/catalog/aliments')
  await page
    .locator('main li')
    .filter({ hasText: `Article ${ARTICLE}` })
    .getByRole('button', { name: /^Commander/ })
    .click()
  const dialog = page.getByRole('dialog', { name: 'Ajouter au panier' })
  await dialog.getByLabel(/^Quantité/).fill('1')
  await dialog.getByLabel('Adresse de livraison *').selectOption({ index: adresse })
  await dialog.getByRole('button', { name: 'Suivant' }).click()
  return dialog
}

test('an incompatible address is refused before sending, online and with the network cut, in the same words', async ({
  page,
  network,
}) => {
  await signIn(page, '100001', 'demo', '/catalog/aliments')
  await waitForServiceWorker(page)
  const online = await chooseAddress(page, 3)
  await expect(online.getByText(MESSAGES.adresseIncompatible)).toBeVisible()
  await online.getByRole('button', { name: 'Annuler', exact: true }).click()
  await page
    .getByRole('alertdialog', { name: /^Annuler/ })
    .getByRole('button', { name: 'Oui' })
    .click()
  await expect(online).toBeHidden()
  // The member's snapshot for no signal holds the addresses' specifications (issue 50).
  await expect.poll(async () => (await deviceCopies(page)).includes('"incompatibilites"')).toBe(true)
  await page.waitForTimeout(1_500)

  network.cut()
  await page.reload()
  const offline = await chooseAddress(page, 3)
  await expect(offline.getByText(MESSAGES.adresseIncompatible)).toBeVisible()
  await expect(offline.getByText(LATER)).toHaveCount(0)
  // A compatible address goes on to the next step, with nothing left "to be checked later".
  await offline.getByLabel('Adresse de livraison *').selectOption({ index: 1 })
  await expect(offline.getByText(MESSAGES.adresseIncompatible)).toHaveCount(0)
  await expect(offline.getByText(LATER)).toHaveCount(0)
})
