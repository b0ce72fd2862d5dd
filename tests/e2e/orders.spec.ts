// Commandes internet (cart-orders-admin §2 "Orders screen"): current orders with the sort, the
// history with its paging, the detail view; reached from the phone's "Plus" tab.
import { expect, test } from '@playwright/test'
import AxeBuilder from '@axe-core/playwright'
import { signIn } from './support'

test('farmer 100001 follows their orders: sort, detail, history paging until it ends', async ({ page }) => {
  await signIn(page, '100001')
  await page.getByRole('navigation', { name: 'Catalogue' }).getByRole('button', { name: 'Plus' }).click()
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Commandes internet' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Commandes internet' })).toBeVisible()

  const current = page.getByRole('region', { name: 'Commandes en cours' })
  const cards = current.getByRole('listitem')
  await expect(cards.first()).toBeVisible()
  const sort = page.getByLabel('Tier par')
  await expect(sort).toHaveValue('0')
  await sort.selectOption({ label: 'Date' })
  // By date: newest first.
  const dates = await current.locator('li a span span:nth-child(2)').allTextContents()
  const iso = dates.map((d) => d.split('/').reverse().join('-'))
  expect([...iso].sort().reverse()).toEqual(iso)

  const { violations } = await new AxeBuilder({ page }).analyze()
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([])

  // The detail of the first order, then back to the lists.
  const first = (await cards.first().locator('span.text-lg').textContent())!.replace('N° ', '')
  await cards.first().getByRole('link').click()
  await expect(page).toHaveURL(new RegExp(`numero=${first}`))
  await expect(
    page.getByRole('heading', { name: new RegExp(`^Détails de la commande ${first} du \\d{2}/\\d{2}/\\d{4}$`) }),
  ).toBeVisible()
  await expect(page.getByText(/Quantité/).first()).toBeVisible()
  await page.getByRole('link', { name: '← Liste des commandes' }).click()
  await expect(page.getByRole('region', { name: 'Commandes en cours' })).toBeVisible()

  // History: more windows until one comes back empty, then the button stays disabled.
  const more = page.getByRole('button', { name: 'Afficher plus de commandes' })
  for (let i = 0; i < 30 && (await more.isEnabled()); i++) {
    await more.click()
    await expect(page.getByRole('button', { name: /Afficher plus de commandes|Chargement/ })).toBeVisible()
  }
  await expect(more).toBeDisabled()
})

test('on a tablet the orders are a table', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 })
  await signIn(page, '100001', 'demo', '/commandes-en-cours')
  const table = page.getByRole('table', { name: 'Commandes en cours' })
  await expect(table.getByRole('columnheader', { name: 'N° de commande' })).toBeVisible()
  await expect(table.getByRole('row').nth(1)).toBeVisible()
  const { violations } = await new AxeBuilder({ page }).analyze()
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([])

  // A click anywhere on a row (here its date) opens that order's detail.
  const row = table.getByRole('row').nth(1)
  const numero = (await row.getByRole('cell').first().textContent())!.trim()
  await row.getByRole('cell').nth(1).click()
  const detail = page.getByRole('heading', { name: new RegExp(`^Détails de la commande ${numero} du `) })
  await expect(detail).toBeVisible()

  // From the keyboard: the row's link (its one tab stop) opens it with Entrée.
  await page.goBack()
  const link = table.getByRole('link', { name: `Voir la commande ${numero}` })
  await expect(link).toBeVisible()
  await link.focus()
  await page.keyboard.press('Enter')
  await expect(detail).toBeVisible()
})

test.describe('codes the referential does not know', () => {
  // The page's own requests only, so that the test can hand the detail a code nobody knows.
  test.use({ serviceWorkers: 'block' })

  test('the order detail shows the spec placeholders, not raw codes', async ({ page }) => {
    await page.route(/\/web\/v1\/tiers\/100001\/commandes\/(?!commandes-en-cours)[^?]+$/, async (route) => {
      const response = await route.fetch()
      const commande = await response.json()
      // As the cooperative's system may send them: a truck mode, a silo type and a slot it no longer lists.
      commande.lignes[0] = { ...commande.lignes[0], codeModeCamion: 'ZZ9', codeTypeSilo1: 'Z99', matinApmidi: 'ZQ' }
      await route.fulfill({ response, json: commande })
    })
    await signIn(page, '100001', 'demo', '/commandes-en-cours')
    const link = page.getByRole('region', { name: 'Commandes en cours' }).getByRole('link').first()
    await link.click()
    await expect(page.getByRole('heading', { name: /^Détails de la commande / })).toBeVisible()
    const line = page.locator('main article li').first()
    await expect(line.getByText('--Type non reconnu--').first()).toBeVisible()
    await expect(line.getByText(/--Valeur non reconnue--/)).toBeVisible()
    await expect(line.getByText(/ZZ9|Z99|\(ZQ\)/)).toHaveCount(0)
    const { violations } = await new AxeBuilder({ page }).analyze()
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([])
  })
})
