// A signed-out page logs no console error (issue 51, item 6): the app used to probe the session
// before sign-in and Chromium logged each 401 answer ("Failed to load resource … 401"). The
// sign-in pages and the public pages, on a first visit (no cookie), after a sign-out, and once a
// session over for good sent the app to the sign-in page (the server's test clock moved).
import type { Page } from '@playwright/test'
import { expect, test } from '@playwright/test'
import { signIn } from './support'

const SIGNED_OUT_PAGES = ['/login', '/security/login', '/infos', '/infos/mention', '/infos/contacts', '/error-logout']

/** Every console error and failed request the page reports from now on. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (m) => m.type() === 'error' && errors.push(`${page.url()}: ${m.text()}`))
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`))
  page.on(
    'response',
    (r) => r.status() === 401 && errors.push(`${page.url()}: 401 ${r.request().method()} ${new URL(r.url()).pathname}`),
  )
  return errors
}

async function visitAll(page: Page) {
  for (const path of SIGNED_OUT_PAGES) {
    await page.goto(path)
    await page.waitForLoadState('networkidle')
  }
}

test('a first visit to the sign-in page and the public pages logs no console error', async ({ page }) => {
  const errors = consoleErrors(page)
  await visitAll(page)
  expect(errors).toEqual([])
})

test('after a sign-out, the signed-out pages log no console error', async ({ page }) => {
  await signIn(page, '100001')
  await expect(page.getByRole('banner')).toContainText('GAEC')
  // The app is left first: signed out behind its back, its own next reads would rightly get 401s
  // (CI saw the history's refresh answered so while the sign-out was on its way).
  await page.goto('about:blank')
  expect((await page.request.post('/security/logout')).ok()).toBe(true)
  const errors = consoleErrors(page)
  await visitAll(page)
  expect(errors).toEqual([])
})

test.describe('a session over for good', () => {
  test.afterEach(async ({ request }) => {
    await request.post('/api/test/clock', { data: { offsetSeconds: 0 } })
  })
  test('the cookies left behind lead to the sign-in page without a console error', async ({ page, request }) => {
    await signIn(page, '100001')
    await expect(page.getByRole('banner')).toContainText('GAEC')
    await request.post('/api/test/clock', { data: { offsetSeconds: 8 * 24 * 3600 } }) // past the idle limit
    // The screen asked with the old session learns it is over (its 401s, one refused refresh)
    // and goes to the sign-in page; from there on, nothing more is asked with it.
    await page.goto('/catalog/order_history')
    await expect(page).toHaveURL(/\/login/)
    await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible()
    const errors = consoleErrors(page)
    await page.waitForLoadState('networkidle')
    await visitAll(page)
    expect(errors).toEqual([])
  })
})
