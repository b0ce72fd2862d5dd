// The first screen of a first visit (issue 17): the server announces the screen's reads with the
// page, so they travel while the JavaScript downloads; the app then uses those answers instead of
// asking again, and the static shell is painted with its own styles before any script has run.
// The history itself comes rendered by the server (server-rendered-history.spec.ts); these are the
// other screens of the ordering area.
import { expect, test } from './network-switch'
import AxeBuilder from '@axe-core/playwright'
import { signIn } from './support'
import { LECTURES_PATH } from '../../src/contract/lectures'

// A first visit: no service worker yet, so the page comes from the server with its Link header.
test.use({ serviceWorkers: 'block' })

test('a screen’s shell reads are announced with the page and each reaches the server once', async ({ page }) => {
  await signIn(page, '100001')
  const asked = new Map<string, number>()
  const count = (read: string) => asked.set(read, (asked.get(read) ?? 0) + 1)
  page.on('request', (r) => {
    const url = new URL(r.url())
    if (!url.pathname.startsWith('/web/')) return
    if (r.method() === 'GET') count(url.pathname + url.search)
    // The reads the app sends grouped (src/contract/lectures) count one by one.
    else if (url.pathname === LECTURES_PATH) for (const chemin of r.postDataJSON().chemins as string[]) count(chemin)
  })
  await page.goto('/catalog/contrats')
  await expect(page.getByRole('heading', { name: 'Contrats', level: 1 })).toBeVisible()
  await page.waitForLoadState('networkidle')

  const announced = ['/web/user/me', '/web/v1/tiers/100001', '/web/v1/referentiel?numTiers=100001']
  const initiators = await page.evaluate(() =>
    Object.fromEntries(
      performance
        .getEntriesByType('resource')
        .map((e) => [
          new URL(e.name).pathname + new URL(e.name).search,
          (e as PerformanceResourceTiming).initiatorType,
        ]),
    ),
  )
  for (const read of announced) {
    expect(initiators[read], read).toBe('link')
    expect(asked.get(read), read).toBe(1)
  }
  // Nothing the page asked for went out twice.
  expect([...asked].filter(([, n]) => n > 1)).toEqual([])
  const axe = await new AxeBuilder({ page }).analyze()
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])
})

// The sign-in page comes whole from the server (sign-in-page.spec.ts); its static shell is the
// installed app's, served by the service worker.
test('the static shell paints with its own styles before any script runs', async ({ page }) => {
  await page.route('**/assets/*.js', (route) => route.abort())
  await page.goto('/catalog/contrats')
  await expect(page.locator('#boot-app .boot-bar')).toHaveCSS('background-color', 'rgb(27, 94, 32)')
  await expect(page.locator('#boot-app .boot-bar')).toHaveCSS('height', '64px')
})
