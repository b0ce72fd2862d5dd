// axe on every screen, on a phone and on a tablet: no serious or critical violation.
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { signIn } from './support'

async function expectNoSeriousViolation(page: Page, screen: string) {
  await page.waitForLoadState('networkidle')
  const { violations } = await new AxeBuilder({ page }).analyze()
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${screen}: ${v.id} (${v.nodes.length}) ${v.help}`)
  expect(serious).toEqual([])
}

const PUBLIC = [
  '/login',
  '/error-logout?cause=TIERS_NON_RECONNU',
  '/infos/conditionsVente',
  '/infos/mention',
  '/infos/politique',
  '/infos/contacts',
]
const FARMER = [
  '/catalog/order_history',
  '/catalog/aliments',
  '/catalog/lots',
  '/catalog/contrats',
  '/catalog/cart/view',
  '/catalog/cart/validPanier',
  '/catalog/cart/confirm?numero=700099&mail=gaec.troischenes%40example.org',
  '/commandes-en-cours',
]
const ADMIN = ['/admin/connect-as/selection-tiers', '/admin/parametres', '/admin/banniere-messages']

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 1024, height: 768 },
]) {
  test.describe(`${viewport.name} ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } })

    test('public screens', async ({ page }) => {
      test.slow() // every public screen, axe on each
      for (const path of PUBLIC) {
        await page.goto(path)
        await expectNoSeriousViolation(page, path)
      }
      await page.goto('/security/login')
      await expectNoSeriousViolation(page, '/security/login')
    })

    test('the farmer’s screens', async ({ page }) => {
      test.slow() // every screen of the farmer, axe on each
      await signIn(page, '100001')
      for (const path of FARMER) {
        await page.goto(path)
        await expectNoSeriousViolation(page, path)
      }
    })

    test('the staff screens', async ({ page }) => {
      test.slow() // every staff screen, axe on each
      await signIn(page, 'admin')
      for (const path of ADMIN) {
        await page.goto(path)
        await expectNoSeriousViolation(page, path)
      }
      await page.getByRole('link', { name: 'Rechercher un adhérent' }).first().click()
      await page.getByLabel("Nom ou numéro d'adhérent").fill('GAEC DES TROIS')
      await expect(page.getByText('N° 100001').first()).toBeVisible()
      await expectNoSeriousViolation(page, 'member search results')
      await page.goto('/admin/edit-articles')
      await expectNoSeriousViolation(page, '/admin/edit-articles')
    })
  })
}
