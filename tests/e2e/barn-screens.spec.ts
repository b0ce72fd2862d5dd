// Screens as a farmer on a phone and an adviser on a tablet meet them (issue 16, defects 3 and 5):
// every feeding plan's tab on screen; an adviser acting for a farmer is shown as such.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from './network-switch'
import { signIn } from './support'

async function expectNoSeriousViolation(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze()
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([])
}

test('lot detail on a phone: every plan tab lies within the screen', async ({ page }) => {
  await signIn(page, '100002', 'demo', '/catalog/lots')
  await page.getByRole('link', { name: 'Voir le lot VL10231' }).click()
  const tabs = page.getByRole('tab')
  await expect(tabs).toHaveCount(2)
  const width = page.viewportSize()!.width
  for (const tab of await tabs.all()) {
    const b = (await tab.boundingBox())!
    expect(b.x).toBeGreaterThanOrEqual(0)
    expect(b.x + b.width).toBeLessThanOrEqual(width)
  }
  await expectNoSeriousViolation(page)
})

test.describe('an adviser on a tablet', () => {
  test.use({ viewport: { width: 1024, height: 768 } })

  test('acting for a farmer, the header says who acts and the way out goes back to the member search', async ({ page }) => {
    await signIn(page, 'conseiller')
    await page.getByLabel("Nom ou numéro d'adhérent").fill('GAEC DES TROIS')
    await page.getByText('GAEC DES TROIS CHÊNES').click()
    await page.getByRole('button', { name: 'Valider' }).click()
    const header = page.getByRole('banner')
    await expect(header).toContainText('GAEC DES TROIS CHÊNES')
    await expect(header).toContainText(/N° tiers 100001 · Conseiller : \S/)
    await expect(header.getByRole('button', { name: 'Changer de client' })).toBeVisible()
    await expectNoSeriousViolation(page)
  })
})
