// Issue 50, item 5: the history's first screen online. The server's page paints from its HTML and
// inline stylesheet, and the app's scripts are asked for only after that paint, for real (they
// came 12–37 ms before it); a first visit without the consent cookie has the cookie notice in that
// HTML, so the largest paint is the server's, not something the scripts add; nothing moves once
// painted. The page carries inline only the rules its markup can match; the whole stylesheet comes
// after the paint, with the scripts.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from './network-switch'
import { signIn } from './support'
import postcss from 'postcss'
import { requiredClasses } from '../../src/server/http/first-screen-css'

declare global {
  interface Window {
    /** The policy's refusals seen by the page (the test's init script). */
    __refused?: string[]
  }
}

/** The first contentful paint, the layout shifts, and every script request's start, in the
 * page's clock. */
const paintFigures = (page: Page) =>
  page.evaluate(async () => {
    const entries = <T extends PerformanceEntry>(type: string) =>
      new Promise<T[]>((resolve) => {
        const observer = new PerformanceObserver((list) => {
          observer.disconnect()
          resolve(list.getEntries() as T[])
        })
        observer.observe({ type, buffered: true })
        setTimeout(() => resolve([]), 500)
      })
    const shifts = await entries<PerformanceEntry & { value: number; hadRecentInput: boolean }>('layout-shift')
    return {
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      shifted: shifts.filter((s) => !s.hadRecentInput).reduce((sum, s) => sum + s.value, 0),
      scripts: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((e) => /\.(js|css)$/.test(new URL(e.name).pathname))
        .map((e) => ({ name: new URL(e.name).pathname, startTime: e.startTime })),
    }
  })

test('a first visit without the consent: the cookie notice is in the server’s page, the scripts come after its paint, nothing moves', async ({
  page,
  context,
}) => {
  await context.clearCookies({ name: 'COOKIE_CONSENT' })
  // Its inline script and stylesheet are allowed by their hashes (decision 0061): nothing refused.
  await page.addInitScript(() => {
    const refused: string[] = (window.__refused = [])
    document.addEventListener('securitypolicyviolation', (e) => refused.push(`${e.violatedDirective} ${e.blockedURI}`))
  })
  const served = page.waitForResponse((r) => r.request().isNavigationRequest() && new URL(r.url()).pathname === '/')
  await signIn(page, '100001')
  const html = await (await served).text()
  expect(html).toContain('id="silo-first-screen"')
  expect(html).toContain('aria-label="Cookies"')
  // Inline, only the rules this page can match, yet every class of its markup that the whole
  // stylesheet styles is there (screenshots before the scripts run are byte-identical either way).
  const inline = /<style data-app-stylesheet[^>]*>([\s\S]*?)<\/style>/.exec(html)![1]!
  const wholePath = /c\.href="([^"]+\.css)"/.exec(html)![1]!
  const whole = await (await page.request.get(wholePath)).text()
  expect(inline.length).toBeLessThan(whole.length * 0.6)
  const styled = (css: string) => {
    const names = new Set<string>()
    postcss.parse(css).walkRules((r) => r.selectors.forEach((sel) => requiredClasses(sel).forEach((n) => names.add(n))))
    return names
  }
  const [inlineNames, wholeNames] = [styled(inline), styled(whole)]
  const markup = new Set([...html.matchAll(/class="([^"]*)"/g)].flatMap((m) => m[1]!.split(/\s+/)))
  expect([...markup].filter((n) => wholeNames.has(n) && !inlineNames.has(n))).toEqual([])
  await expect(page.getByRole('heading', { name: /^Livré le / }).first()).toBeVisible()
  const cookies = page.getByRole('region', { name: 'Cookies' })
  await expect(cookies).toBeVisible()
  // Hydrated (the duplication mode opens), with no mismatch and the notice still there.
  const problems: string[] = []
  page.on('pageerror', (e) => problems.push(e.message))
  await expect(async () => {
    await page.getByRole('button', { name: 'Dupliquer des lignes' }).click({ timeout: 1_000 })
    await expect(page.getByRole('button', { name: 'Annuler' })).toBeVisible({ timeout: 1_000 })
  }).toPass()
  await page.getByRole('button', { name: 'Annuler' }).click()
  await expect(cookies).toBeVisible()

  const figures = await paintFigures(page)
  expect(figures.fcp).not.toBeNull()
  expect(figures.scripts.length).toBeGreaterThan(0)
  for (const s of figures.scripts) expect(s.startTime, s.name).toBeGreaterThan(figures.fcp!)
  expect(figures.shifted).toBe(0)
  expect(problems).toEqual([])
  expect(await page.evaluate(() => window.__refused)).toEqual([])

  const { violations } = await new AxeBuilder({ page }).analyze()
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([])

  // Accepted: the next page has no notice in its HTML, and none appears.
  await cookies.getByRole('button', { name: "J'ai compris" }).click()
  await expect(cookies).toHaveCount(0)
  const next = page.waitForResponse((r) => r.request().isNavigationRequest())
  await page.goto('/catalog/order_history')
  expect(await (await next).text()).not.toContain('aria-label="Cookies"')
  await expect(page.getByRole('heading', { name: /^Livré le / }).first()).toBeVisible()
  await expect(cookies).toHaveCount(0)
})
