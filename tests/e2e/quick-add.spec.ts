// The history's quick-add dialog (ordering-area §5 "Quick-add (duplicated lines) and order-line
// delivery rules"): the storage-place warning the order-line form shows, and its date pickers.
import { expect, test, type Page } from '@playwright/test'
import { d1, d1End, inBusinessDays, vl } from './cart-lines'
import { signIn, writeCart } from './support'

const WARNING = 'Ce lieu de stockage est déjà prévu pour une autre commande de votre panier à la même date'

/** Farmer 100001's history at address 1, one delivered line duplicated into the quick-add dialog. */
async function quickAddOneLine(page: Page) {
  await page.getByLabel('Adresse de livraison').selectOption('1')
  await page.getByRole('button', { name: 'Dupliquer des lignes' }).click()
  await page.locator('main').getByRole('checkbox', { disabled: false }).first().check()
  await page.getByRole('button', { name: 'Valider la sélection (1)' }).click()
  const dialog = page.getByRole('dialog', { name: 'Ajout rapide au panier' })
  await expect(dialog).toBeVisible()
  return dialog
}

test('quick-add: a storage place a cart line already plans at that address on those dates is flagged', async ({
  page,
}) => {
  await signIn(page, '100001')
  await expect(page).toHaveURL(/\/catalog\/order_history/)
  // In the cart: a feed for address 1, in Silo 1 (code 001), from d1 to d1End.
  await writeCart(page, [vl('001', { numAdresse: 1, codeTypeSilo1: '001' })])
  await page.reload()
  const dialog = await quickAddOneLine(page)
  await dialog.getByLabel('Livraison au plus tôt *').fill(d1)
  await dialog.getByLabel('Livraison au plus tard *').fill(d1End)
  const warning = dialog.getByRole('status').filter({ hasText: WARNING })
  await dialog.getByLabel('Lieu de stockage 1 *').selectOption({ label: 'Silo 1' })
  await expect(warning).toBeVisible()
  // Another place: none; the same place again, then dates after the cart line's: none either.
  await dialog.getByLabel('Lieu de stockage 1 *').selectOption({ label: 'Silo 2' })
  await expect(warning).toHaveCount(0)
  await dialog.getByLabel('Lieu de stockage 1 *').selectOption({ label: 'Silo 1' })
  await expect(warning).toBeVisible()
  await dialog.getByLabel('Livraison au plus tôt *').fill(inBusinessDays(11))
  await dialog.getByLabel('Livraison au plus tard *').fill(inBusinessDays(13))
  await expect(dialog.getByLabel('Livraison au plus tard *')).toHaveValue(inBusinessDays(13))
  await expect(warning).toHaveCount(0)
})

test('an early start the dialog proposed from the end date is asked about as the lines are added (issue 51)', async ({
  page,
}) => {
  await signIn(page, '100001')
  await expect(page).toHaveURL(/\/catalog\/order_history/)
  const dialog = await quickAddOneLine(page)
  // Only the end: the dialog proposes the first day it may, inside the alert delay, without asking.
  await dialog.getByLabel('Livraison au plus tard *').fill(inBusinessDays(4))
  await expect(dialog.getByLabel('Livraison au plus tôt *')).not.toHaveValue('')
  const early = page.getByRole('alertdialog', { name: 'Période anticipée' })
  await expect(early).toHaveCount(0)
  await dialog.getByLabel('Lieu de stockage 1 *').selectOption({ label: 'Silo 1' })
  await dialog.getByRole('button', { name: 'Ajouter au panier' }).click()
  // Asked once, as the line is added; « Oui » adds it.
  await expect(early).toBeVisible()
  await early.getByRole('button', { name: 'Oui' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('banner').getByRole('link', { name: /Mon panier/ })).toHaveAccessibleName(/1 ligne/)
})

test('date pickers start on Monday: the fields are the browser’s own date input, in French', async ({ page }) => {
  await signIn(page, '100001')
  const dialog = await quickAddOneLine(page)
  for (const label of ['Livraison au plus tôt *', 'Livraison au plus tard *'])
    await expect(dialog.getByLabel(label)).toHaveAttribute('type', 'date')
  // The native picker lays its weeks out by the browser's locale: French weeks start on Monday.
  const locale = await page.evaluate(() => {
    const info = new Intl.Locale(navigator.language) as Intl.Locale & {
      getWeekInfo?: () => { firstDay: number }
      weekInfo?: { firstDay: number }
    }
    return {
      language: navigator.language,
      lang: document.documentElement.lang,
      firstDay: (info.getWeekInfo?.() ?? info.weekInfo)?.firstDay,
    }
  })
  expect(locale).toEqual({ language: 'fr-FR', lang: 'fr', firstDay: 1 })
})
