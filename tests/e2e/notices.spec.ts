// First visit on a phone and a tablet (issue 16, defects 2 and 4; issue 43, item 11): the install and
// cookie notices come one at a time (the cookie notice first, then the install offer the browser
// made meanwhile), small, in the page's flow at its end and stuck to the screen's bottom while the
// page scrolls: they never cover "Se connecter" nor the footer's links, and never shift the page;
// the bottom tab bar's labels never touch each other nor the screen's edge.
import AxeBuilder from '@axe-core/playwright'
import type { Locator, Page } from '@playwright/test'
import { expect, test } from './network-switch'
import { signIn } from './support'

const box = async (l: Locator) => (await l.boundingBox())!
const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

async function offerInstall(page: Page) {
  // Chromium offers the install once the app has registered its worker, so the app listens by then;
  // this stand-in event waits for the app too (its scripts come after the server page's paint).
  await page.waitForFunction(() => !('__siloEarlyTaps' in window))
  await page.evaluate(() => {
    const e = new Event('beforeinstallprompt', { cancelable: true }) as Event & Record<string, unknown>
    e.prompt = async () => undefined
    e.userChoice = Promise.resolve({ outcome: 'dismissed' })
    window.dispatchEvent(e)
  })
}

/** Two frames drawn: what the page does on an event is on screen by then. */
const drawn = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))

/** The links of the footer that nothing covers where a finger would tap them (their centre). */
async function uncoveredFooterLinks(page: Page): Promise<string[]> {
  return page.locator('footer a').evaluateAll((links) =>
    links.flatMap((a) => {
      const r = a.getBoundingClientRect()
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)
      return hit && a.contains(hit) ? [a.textContent ?? ''] : []
    }),
  )
}

for (const [name, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['tablet', { width: 1024, height: 768 }],
] as const) {
  test.describe(`first visit on a ${name}`, () => {
    test.use({ viewport, storageState: { cookies: [], origins: [] } })

    test('the notices, one at a time, leave "Se connecter" and the footer visible and unmoved', async ({ page }) => {
      await page.goto('/login')
      const button = page.getByRole('button', { name: 'Se connecter' })
      const cookies = page.getByRole('region', { name: 'Cookies' })
      const install = page.getByRole('region', { name: 'Installer Silo' })
      await expect(cookies).toBeVisible()
      const before = await box(button)
      const footerLinks = await page.locator('footer a').allTextContents()
      expect(footerLinks.length).toBeGreaterThan(2)
      // The browser offers the install: it waits for the cookie notice to be answered.
      await offerInstall(page)
      await drawn(page)
      await expect(install).toBeHidden()
      expect(await uncoveredFooterLinks(page)).toEqual(footerLinks)
      expect(overlaps(await box(cookies), before)).toBe(false)
      // Small: less than a sixth of the screen.
      expect((await box(cookies)).height).toBeLessThan(viewport.height / 6)
      await page.screenshot({ path: test.info().outputPath(`notices-${name}-cookies.png`) })

      await cookies.getByRole('button', { name: "J'ai compris" }).click()
      await expect(cookies).toHaveCount(0)
      await expect(install).toBeVisible()
      expect(await box(button)).toEqual(before)
      expect(overlaps(await box(install), before)).toBe(false)
      expect((await box(install)).height).toBeLessThan(viewport.height / 6)
      expect(await uncoveredFooterLinks(page)).toEqual(footerLinks)
      await page.screenshot({ path: test.info().outputPath(`notices-${name}-install.png`) })
      const { violations } = await new AxeBuilder({ page }).analyze()
      expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([])
      await button.click()
      await expect(page).toHaveURL(/\/security\/login/)
    })
  })
}

test.describe('first visit, signed in on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, storageState: { cookies: [], origins: [] } })

  test('on the Historique the notice is small, one at a time, and the page’s end scrolls clear of it', async ({
    page,
  }) => {
    await signIn(page, '100001')
    await expect(page.getByRole('heading', { name: 'Historique', level: 1 })).toBeVisible()
    const cookies = page.getByRole('region', { name: 'Cookies' })
    const install = page.getByRole('region', { name: 'Installer Silo' })
    const tabs = page.getByRole('navigation', { name: 'Catalogue' })
    await expect(cookies).toBeVisible()
    await offerInstall(page)
    await drawn(page)
    await expect(install).toBeHidden()
    // Notice and tab bar together: less than a quarter of the screen (they took a third).
    expect((await box(cookies)).height + (await box(tabs)).height).toBeLessThan(844 / 4)
    await cookies.getByRole('button', { name: "J'ai compris" }).click()
    await expect(install).toBeVisible()
    expect((await box(install)).height + (await box(tabs)).height).toBeLessThan(844 / 4)
    // At the page's end, the footer's links are clear of the notice and of the tab bar.
    const footerLinks = await page.locator('footer a').allTextContents()
    await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight))
    await expect.poll(() => uncoveredFooterLinks(page)).toEqual(footerLinks)
    expect(overlaps(await box(install), await box(page.locator('footer')))).toBe(false)
  })
})

test('the bottom tab bar: labels apart from each other and from the screen edge', async ({ page }) => {
  await signIn(page, '100002') // the poultry farmer: five tabs, Lots & plans among them
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

test('Lots & plans is a tab for a customer with lots only (issue 43)', async ({ page }) => {
  await signIn(page, '100001') // cattle and pigs: no lot
  const tabs = page.getByRole('navigation', { name: 'Catalogue' })
  await expect(tabs.getByRole('link', { name: 'Historique' })).toBeVisible()
  await expect(tabs.getByRole('link')).toHaveCount(3) // Historique, Aliments, Contrats; then Plus
  await expect(tabs.getByRole('link', { name: 'Lots & plans' })).toHaveCount(0)
  await signIn(page, '100002')
  await expect(tabs.getByRole('link', { name: 'Lots & plans' })).toBeVisible()
})
