// The Bannière de messages screen (cart-orders-admin §2 screen 5, §4 "Banner message row", §5):
// a message the admin adds shows in the farmers' banner; the spec's messages; no serious axe
// violation. Tests share one server database: every message created here is deleted.
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Browser, type Page } from '@playwright/test'
import { DateTime } from 'luxon'
import { signIn } from './support'

const day = (plus: number) => DateTime.now().setZone('Europe/Paris').plus({ days: plus }).toISODate()!

async function openBanniere(page: Page) {
  await signIn(page, 'admin')
  await page
    .getByRole('navigation', { name: "Menu d'administration" })
    .getByRole('link', { name: 'Bannière de messages' })
    .click()
  await expect(page).toHaveURL(/\/admin\/banniere-messages$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Bannière de messages' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Messages en cours' })).toBeVisible()
}

async function expectNoSeriousViolation(page: Page) {
  await page.waitForLoadState('networkidle')
  const { violations } = await new AxeBuilder({ page }).analyze()
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.nodes.length}) ${v.help}`)
  expect(serious).toEqual([])
}

/** A second person on another device: a fresh context with the project's settings. */
async function newPage(browser: Browser) {
  const use = test.info().project.use
  const context = await browser.newContext({
    baseURL: use.baseURL,
    viewport: use.viewport,
    locale: use.locale,
    timezoneId: use.timezoneId,
    storageState: use.storageState,
    serviceWorkers: 'allow',
  })
  return context.newPage()
}

async function deleteByText(page: Page, texte: string) {
  const rows: { id: number; texte: string }[] = await (await page.request.get('/web/v1/messages')).json()
  for (const r of rows.filter((m) => m.texte === texte)) await page.request.delete(`/web/v1/messages/${r.id}`)
}

test('the admin adds a message for the next days; a farmer then sees it in the banner', async ({ page, browser }) => {
  const texte = `Silo fermé pour inventaire (${Date.now()})`
  await openBanniere(page)
  await expectNoSeriousViolation(page)
  try {
    await page.getByRole('button', { name: 'Ajouter un message' }).click()
    const form = page.getByRole('form', { name: 'Nouveau message' })
    await expect(form.getByLabel('Message')).toBeFocused()
    await form.getByLabel('Message').fill(texte)
    await form.getByLabel('Date de début').fill(day(0))
    await form.getByLabel('Date de fin').fill(day(3))
    if (process.env.SCREENSHOTS)
      await page.screenshot({ path: `${process.env.SCREENSHOTS}/banniere-nouveau-390.png`, fullPage: true })
    await form.getByRole('button', { name: 'Enregistrer' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Message enregistré.' })).toBeVisible()
    await expect(form).toBeHidden()
    const row = page.getByRole('listitem', { name: texte })
    await expect(row).toBeVisible()
    await expect(row.getByRole('button', { name: 'Modifier' })).toBeFocused()
    await page.reload()
    await expect(page.getByRole('listitem', { name: texte })).toBeVisible()
    if (process.env.SCREENSHOTS) {
      await page.getByText(/^Historique/).click()
      await page.screenshot({ path: `${process.env.SCREENSHOTS}/banniere-390.png`, fullPage: true })
      await page.setViewportSize({ width: 1024, height: 768 })
      await page.screenshot({ path: `${process.env.SCREENSHOTS}/banniere-1024.png` })
      await page.getByRole('button', { name: 'Ajouter un message' }).click()
      await page.screenshot({ path: `${process.env.SCREENSHOTS}/banniere-nouveau-1024.png` })
      await page.getByRole('form', { name: 'Nouveau message' }).getByRole('button', { name: 'Supprimer' }).click()
    }

    const farmer = await newPage(browser)
    await signIn(farmer, '100001')
    await expect(farmer.getByRole('region', { name: 'Messages de la coopérative' }).getByText(texte)).toBeVisible()
    await farmer.context().close()
  } finally {
    await deleteByText(page, texte)
  }
})

test("the form says the spec's messages, keeps what was typed, and offers no past day nor an end before the start", async ({
  page,
}) => {
  await openBanniere(page)
  await page.getByRole('button', { name: 'Ajouter un message' }).click()
  const form = page.getByRole('form', { name: 'Nouveau message' })
  await form.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(form.getByText('Valeur requise')).toHaveCount(3)
  await expect(form.getByLabel('Message')).toHaveAttribute('aria-invalid', 'true')

  const debut = form.getByLabel('Date de début')
  const fin = form.getByLabel('Date de fin')
  await expect(debut).toHaveAttribute('min', day(0))
  await form.getByLabel('Message').fill('Attention aux dates')
  await debut.fill(day(5))
  await fin.fill(day(2))
  await expect(form.getByText('La date de fin doit être supérieure ou égale à la date de début')).toBeVisible()
  await expect(fin).toHaveAttribute('min', day(5))
  await expect(fin).toHaveValue(day(2))
  await expect(form.getByLabel('Message')).toHaveValue('Attention aux dates')
  await expectNoSeriousViolation(page)
  if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/banniere-erreur-390.png` })

  // A new message is only dropped here: nothing reaches the server.
  let sent = false
  page.on('request', (r) => {
    if (r.url().includes('/web/v1/messages') && r.method() !== 'GET') sent = true
  })
  await form.getByRole('button', { name: 'Supprimer' }).click()
  await expect(form).toBeHidden()
  expect(sent).toBe(false)
})

test('a refused save shows the server’s reason and loses nothing; Copier and Supprimer (with its question) in the history', async ({
  page,
}) => {
  const texte = `Copie de test (${Date.now()})`
  await openBanniere(page)
  await page.route('**/web/v1/messages', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'Le serveur est occupé : veuillez réessayer dans quelques instants.' }),
        })
      : route.fallback(),
  )
  await page.getByText(/^Historique \(\d+\)/).click()
  const past = page.getByRole('listitem', { name: /^Travaux à l’usine/ })
  await past.getByRole('button', { name: 'Copier' }).click()
  const form = page.getByRole('form', { name: 'Nouveau message' })
  await expect(form.getByLabel('Message')).toHaveValue(/^Travaux à l’usine/)
  await expect(form.getByLabel('Date de début')).toHaveValue('')
  await form.getByLabel('Message').fill(texte)
  await form.getByLabel('Date de début').fill(day(1))
  await form.getByLabel('Date de fin').fill(day(1))
  await form.getByRole('button', { name: 'Enregistrer' }).click()
  // The spec's global dialog says it (§8), and the form keeps saying it once the dialog is closed.
  const dialog = page.getByRole('alertdialog', { name: 'Erreur' })
  await expect(dialog).toContainText('Raison : Le serveur est occupé : veuillez réessayer dans quelques instants.')
  await dialog.getByRole('button', { name: 'Fermer' }).click()
  await expect(form.getByRole('alert')).toHaveText(
    "Le message n'a pas été enregistré. Raison : Le serveur est occupé : veuillez réessayer dans quelques instants.",
  )
  await expect(form.getByLabel('Message')).toHaveValue(texte)
  await expect(form.getByLabel('Date de fin')).toHaveValue(day(1))

  await page.unroute('**/web/v1/messages')
  try {
    await form.getByRole('button', { name: 'Enregistrer' }).click()
    const row = page.getByRole('listitem', { name: texte })
    await expect(row).toBeVisible()

    // Modifier then Annuler gives the original back.
    await row.getByRole('button', { name: 'Modifier' }).click()
    const edit = page.getByRole('form', { name: `Modifier le message : ${texte}` })
    await edit.getByLabel('Message').fill('autre chose')
    await edit.getByRole('button', { name: 'Annuler' }).click()
    await expect(row.getByText(texte)).toBeVisible()

    await row.getByRole('button', { name: 'Supprimer' }).click()
    const question = page.getByRole('alertdialog', { name: 'Supprimer le message' })
    await expect(question).toContainText('Voulez-vous vraiment supprimer ce message ?')
    await question.getByRole('button', { name: 'Non' }).click()
    await expect(row).toBeVisible()
    await row.getByRole('button', { name: 'Supprimer' }).click()
    await question.getByRole('button', { name: 'Oui' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Message supprimé.' })).toBeVisible()
    await expect(row).toBeHidden()
  } finally {
    await deleteByText(page, texte)
  }
})
