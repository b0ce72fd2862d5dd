// The Paramètres screen (cart-orders-admin §2 "Parameters page", §4 "Parameter row", §5):
// Modifier / Annuler / Enregister, the spec's messages, a failed save restoring the value.
// Tests share one server database: every value changed here is put back.
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { signIn } from './support'

const PIVOT_PATH = '/web/v1/parametres/DEFAULT/HORAIRE_COMMANDE/HEURE_PIVOT'

async function openParametres(page: Page) {
  await signIn(page, 'admin')
  await page
    .getByRole('navigation', { name: "Menu d'administration" })
    .getByRole('link', { name: 'Paramètres' })
    .click()
  await expect(page).toHaveURL(/\/admin\/parametres$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Paramètres' })).toBeVisible()
}

async function expectNoSeriousViolation(page: Page) {
  await page.waitForLoadState('networkidle')
  const { violations } = await new AxeBuilder({ page }).analyze()
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.nodes.length}) ${v.help}`)
  expect(serious).toEqual([])
}

async function restorePivot(page: Page) {
  const res = await page.request.put(PIVOT_PATH, {
    data: { categorie: 'HORAIRE_COMMANDE', code: 'HEURE_PIVOT', value: '10:00:00' },
  })
  expect(res.status()).toBe(200)
}

test('the admin changes the pivot hour, saves it, and still sees it after a reload; the order rules follow', async ({
  page,
}) => {
  await openParametres(page)
  const row = page.getByRole('form', { name: /^Heure pivot/ })
  const field = row.getByRole('textbox', { name: /^Heure pivot/ })
  await expect(field).toHaveValue('10')
  await expect(row.getByRole('button', { name: 'Enregister' })).toBeDisabled()
  await expectNoSeriousViolation(page)
  if (process.env.SCREENSHOTS)
    await page.screenshot({ path: `${process.env.SCREENSHOTS}/parametres-390.png`, fullPage: true })
  try {
    await row.getByRole('button', { name: 'Modifier' }).click()
    await expect(field).toBeFocused()
    await field.fill('9')
    await row.getByRole('button', { name: 'Enregister' }).click()
    await expect(row.getByRole('status')).toHaveText('Valeur enregistrée.')
    await expect(field).toHaveValue('9')
    await expect(row.getByRole('button', { name: 'Modifier' })).toBeEnabled()

    await page.reload()
    await expect(
      page.getByRole('form', { name: /^Heure pivot/ }).getByRole('textbox', { name: /^Heure pivot/ }),
    ).toHaveValue('9')
    // Staff read a member's order rules while acting for that member (connect-as).
    expect((await page.request.put('/web/user/me/tiers', { data: { numTiers: '100001' } })).status()).toBe(200)
    const commande = await (await page.request.get('/web/v1/referentiel/parametres-commande?numTiers=100001')).json()
    expect(commande.heurePivot).toBe('09:00:00')
  } finally {
    await restorePivot(page)
  }
})

test('a wrong value shows the spec’s message and keeps the typed text; Annuler restores the value', async ({
  page,
}) => {
  await openParametres(page)
  const row = page.getByRole('form', { name: /^Heure pivot/ })
  const field = row.getByRole('textbox', { name: /^Heure pivot/ })
  const save = row.getByRole('button', { name: 'Enregister' })
  await row.getByRole('button', { name: 'Modifier' }).click()
  await field.fill('24')
  await expect(row.getByText('Veuillez entrer une valeur comprise entre 0 et 23')).toBeVisible()
  await expect(field).toHaveValue('24')
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await expect(save).toBeDisabled()
  await field.fill('dix')
  await expect(row.getByText('Valeur invalide')).toBeVisible()
  await expect(field).toHaveValue('dix')
  await expectNoSeriousViolation(page)
  await row.getByRole('button', { name: 'Annuler' }).click()
  await expect(field).toHaveValue('10')
  await expect(row.getByText('Valeur invalide')).toBeHidden()

  // A duration: one whole number per unit of its format, required.
  const horizon = page.getByRole('form', { name: /^Horizon maximum de commande/ })
  await horizon.getByRole('button', { name: 'Modifier' }).click()
  const mois = horizon.getByRole('textbox', { name: 'Mois' })
  await expect(mois).toHaveValue('1')
  await mois.fill('')
  await expect(horizon.getByText('Valeur invalide')).toBeVisible()
  await mois.fill('1,5')
  await expect(horizon.getByText('Valeur invalide')).toBeVisible()
  await expect(horizon.getByRole('button', { name: 'Enregister' })).toBeDisabled()
  await horizon.getByRole('button', { name: 'Annuler' }).click()
  await expect(mois).toHaveValue('1')
})

test('a failed save restores the previous value and says so', async ({ page }) => {
  await openParametres(page)
  await page.route('**/web/v1/parametres/DEFAULT/MODE_CAMION_QTE/VIS_MAX', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'Erreur technique du serveur', code: 'ERREUR_TECHNIQUE' }),
    }),
  )
  const row = page.getByRole('form', { name: /^Camion souffleur : quantité maximum/ })
  const field = row.getByRole('textbox')
  await expect(field).toHaveValue('27')
  await row.getByRole('button', { name: 'Modifier' }).click()
  await field.fill('30')
  await row.getByRole('button', { name: 'Enregister' }).click()
  // The global dialog of §8, then the row itself says what happened.
  const dialog = page.getByRole('alertdialog', { name: 'Erreur' })
  await expect(dialog).toContainText('500 Erreur technique du serveur')
  await dialog.getByRole('button', { name: 'Fermer' }).click()
  await expect(row.getByRole('alert')).toContainText('la valeur précédente est rétablie')
  await expect(field).toHaveValue('27')
  await expect(row.getByRole('button', { name: 'Modifier' })).toBeEnabled()
})

test('on a tablet the screen has no serious accessibility problem', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } })
  const page = await context.newPage()
  await openParametres(page)
  await expectNoSeriousViolation(page)
  if (process.env.SCREENSHOTS)
    await page.screenshot({ path: `${process.env.SCREENSHOTS}/parametres-1024.png`, fullPage: true })
  await context.close()
})

test('a farmer is sent away from the screen', async ({ page }) => {
  await signIn(page, '100001')
  await page.goto('/admin/parametres')
  await expect(page).not.toHaveURL(/\/admin\/parametres/)
})

test('the pivot delay is a time field: hours 0 to 23, minutes 0 to 59, said on the field', async ({ page }) => {
  await openParametres(page)
  const row = page.getByRole('form', { name: /^Délai supplémentaire pour les sessions/ })
  await row.getByRole('button', { name: 'Modifier' }).click()
  const minutes = row.getByRole('textbox', { name: 'Minutes' })
  await minutes.fill('75')
  await expect(row.getByText('Veuillez entrer une valeur comprise entre 0 et 59')).toBeVisible()
  await expect(row.getByRole('button', { name: 'Enregister' })).toBeDisabled()
  await row.getByRole('textbox', { name: 'Heures' }).fill('24')
  await expect(row.getByText('Veuillez entrer une valeur comprise entre 0 et 23')).toBeVisible()
  // Nothing was saved: Annuler gives back the stored 0 h 30.
  await row.getByRole('button', { name: 'Annuler' }).click()
  await expect(minutes).toHaveValue('30')
})
