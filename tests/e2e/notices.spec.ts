// First visit on a phone and a tablet (issue 16, defects 2 and 4): the install and cookie notices
// never cover "Se connecter" and never shift the page; the bottom tab bar's labels never touch
// each other nor the screen's edge.
import AxeBuilder from '@axe-core/playwright'
import type { Locator, Page } from '@playwright/test'
import { expect, test } from './network-switch'
import { signIn } from './support'

const box = async (l: Locator) => (await l.boundingBox())!
const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

async function offerInstall(page: Page) {
  await page.evaluate(() => {
    const e = new Event('beforeinstallprompt', { cancelable: true }) as Event & Record<string, unknown>
    e.prompt = async () => undefined
    e.userChoice = Promise.resolve({ outcome: 'dismissed' })
    window.dispatchEvent(e)
  })
}

for (const [name, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['tablet', { width: 1024, height: 768 }],
] as const) {
  test.describe(`first visit on a ${name}`, () => {
    test.use({ viewport, storageState: { cookies: [], origins: [] } })

    test('the install and cookie notices leave "Se connecter" visible and unmoved', async ({ page }) => {
      await page.goto('/login')
      const button = page.getByRole('button', { name: 'Se connecter' })
      const cookies = page.getByRole('region', { name: 'Cookies' })
      await expect(cookies).toBeVisible()
      const before = await box(button)
      const cookiesBefore = await box(cookies)
      await offerInstall(page)
      const install = page.getByRole('region', { name: 'Installer Silo' })
      await expect(install).toBeVisible()
      expect(await box(button)).toEqual(before)
      // The install notice comes on top of the cookie notice, which does not move.
      expect(await box(cookies)).toEqual(cookiesBefore)
      expect(overlaps(await box(install), cookiesBefore)).toBe(false)
      await page.screenshot({ path: test.info().outputPath(`notices-${name}.png`) })
      for (const notice of [install, cookies]) expect(overlaps(await box(notice), before)).toBe(false)
      // Small: together they take less than a fifth of the screen.
      expect((await box(install)).height + (await box(cookies)).height).toBeLessThan(viewport.height / 5)
      const { violations } = await new AxeBuilder({ page }).analyze()
      expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([])
      await button.click()
      await expect(page).toHaveURL(/\/security\/login/)
    })
  })
}

test('the bottom tab bar: labels apart from each other and from the screen edge', async ({ page }) => {
  await signIn(page, '100001')
  const tabs = page
    .getByRole('navigation', { name: 'Catalogue' })
    .locator('a > span:last-child, button > span:last-child')
  await expect(tabs).toHaveCount(5)
  const boxes = await Promise.all((await tabs.all()).map(box))
  const width = page.viewportSize()!.width
  for (const [i, b] of boxes.entries()) {
    expect(b.x).toBeGreaterThanOrEqual(4)
    expect(b.x + b.width).toBeLessThanOrEqual(width - 4)
    if (i > 0) expect(b.x).toBeGreaterThanOrEqual(boxes[i - 1]!.x + boxes[i - 1]!.width + 2)
  }
})
