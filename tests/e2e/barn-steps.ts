// The barn's steps the offline browser tests share (barn-ready, snapshot-offline): every screen
// shows its data with its date with the network cut, and an article never opened online goes
// through the order-line form and the payment step.
import type { Page } from '@playwright/test'
import { businessDaysAfter } from '../support/business-days'
import { expect, type NetworkSwitch } from './network-switch'

export const ARTICLE = '410101' // VL Production 18 % vrac, never opened online in these tests
const start = businessDaysAfter(8)
export const SAVED = /^Hors connexion — données du \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}$/

/** Cut, reloaded: each catalog screen shows its data with its date. */
export async function screensOffline(page: Page, network: NetworkSwitch) {
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
export async function orderOffline(page: Page) {
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
