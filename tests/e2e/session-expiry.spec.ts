// A session whose access window passed during use costs the user nothing: the next request gets a
// 401, the app refreshes the session once, and the request succeeds (ordering-area §4, §7).
import { expect, test } from '@playwright/test'
import { signIn } from './support'

test.afterEach(async ({ request }) => {
  await request.post('/api/test/clock', { data: { offsetSeconds: 0 } })
})

test('after 20 idle minutes, navigating refreshes the session once and shows the screen', async ({ page, request }) => {
  await signIn(page, '100001')
  await expect(page.getByRole('banner')).toContainText('GAEC')
  const seen: string[] = []
  page.on('response', (r) => {
    const path = new URL(r.url()).pathname
    if (path.startsWith('/web/')) seen.push(`${r.status()} ${path}`)
  })
  // Refreshes are counted as they are sent: Chromium does not always report the answer to a request
  // that went through the service worker (the trace of a CI run: one refresh, no status), while
  // the requests it let through were answered 200.
  const refreshes: string[] = []
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/security/refresh') refreshes.push(r.method())
  })
  expect((await request.post('/api/test/clock', { data: { offsetSeconds: 20 * 60 } })).ok()).toBe(true)
  // A fresh load of the profile (it is always asked with no-cache) meets the expired window.
  await page.reload()
  await expect(page.getByRole('banner')).toContainText('GAEC')
  // The screen may show its persisted data before any answer: wait for the requests. Whichever
  // met the expired window first (the screen asks several at once), they share ONE refresh, and
  // each is then answered.
  await expect.poll(() => refreshes).toEqual(['POST'])
  await expect.poll(() => seen.filter((s) => s.startsWith('200 /web/')).length).toBeGreaterThan(0)
  await page.waitForLoadState('networkidle')
  expect(refreshes).toEqual(['POST'])
  const refused = [...new Set(seen.filter((s) => s.startsWith('401 /web/')).map((s) => s.slice(4)))]
  expect(refused.length).toBeGreaterThan(0)
  for (const path of refused) await expect.poll(() => seen.includes(`200 ${path}`), { message: path }).toBe(true)
  await expect(page).not.toHaveURL(/login/)
})

test('when the session is over for good, the app goes to the sign-in screen', async ({ page, request }) => {
  await signIn(page, '100001')
  await expect(page.getByRole('banner')).toContainText('GAEC')
  await request.post('/api/test/clock', { data: { offsetSeconds: 8 * 24 * 3600 } }) // past the idle limit
  await page.reload()
  await expect(page).toHaveURL(/\/login/)
})
