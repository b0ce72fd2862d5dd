// The sign-in page as the server serves it to a direct visit (issue 29, step 3): the app's own
// sign-in route rendered on the server, with a few lines of script and no React; the app's
// bundles come only at idle, for after the sign-in. (The notices, the install card, the legal
// pages and the tooltip on this page are the subjects of notices, install, shell and legal.spec.)
import type { Page } from '@playwright/test'
import { expect, test } from './network-switch'
import { confirmOrderOffline, signIn, signInWithForm, waitForServiceWorker } from './support'

// A first visit: no service worker serves the app's shell in place of the server's page.
test.use({ serviceWorkers: 'block' })

/** The app's scripts the page fetched, and how: `link` for what it preloads or prefetches,
 * anything else for what it runs (its module script and their imports). */
const scriptsFetched = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((e) => /\/assets\/.*\.js$/.test(e.name))
      .map((e) => ({ path: new URL(e.name).pathname, by: (e as PerformanceResourceTiming).initiatorType })),
  )

/** Whether React drives the page (it marks the elements it renders). */
const reactOn = (page: Page) =>
  page.evaluate(() => Object.keys(document.querySelector('main')!).some((k) => k.startsWith('__react')))

test('a direct visit runs the sign-in page’s script alone, then the farmer lands where they were going', async ({
  page,
}) => {
  await page.goto('/login?redirectFrom=%2Fcatalog%2Fcontrats')
  await expect(page).toHaveTitle('Silo > Login')
  await expect(page.getByRole('heading', { name: 'Silo', level: 1 })).toBeVisible()
  await page.waitForLoadState('load')
  const ran = (await scriptsFetched(page)).filter((s) => s.by !== 'link').map((s) => s.path)
  // The sign-in script and its one chunk: nothing of the app (React, the router, the shell).
  expect(ran.length).toBeGreaterThan(0)
  for (const path of ran) expect(path).toMatch(/^\/assets\/sign-in-[\w-]+\.js$/)
  expect(await reactOn(page)).toBe(false)
  // Once the page is idle, the app's own files come (prefetched, not run), for after the sign-in.
  await expect
    .poll(async () => (await scriptsFetched(page)).some((s) => s.by === 'link' && /\/vendor-/.test(s.path)))
    .toBe(true)
  expect(await reactOn(page)).toBe(false)

  await page.getByRole('button', { name: 'Se connecter' }).click()
  await expect(page).toHaveURL(/\/security\/login\?redirectFrom=%2Fcatalog%2Fcontrats$/)
  await page.getByLabel('Identifiant (numéro de tiers)').fill('100001')
  await page.getByLabel('Mot de passe').fill('demo')
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await expect(page.getByRole('heading', { name: 'Contrats', level: 1 })).toBeVisible()
})

test('signed in already, Back to the sign-in pages and /login again lead to the Historique (issue 43)', async ({
  page,
}) => {
  await page.goto('/login')
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await page.getByLabel('Identifiant (numéro de tiers)').fill('100001')
  await page.getByLabel('Mot de passe').fill('demo')
  await page.getByRole('button', { name: 'Se connecter' }).click()
  const history = page.getByRole('heading', { name: 'Historique', level: 1 })
  await expect(history).toBeVisible()
  // Back: the server's form, then the app's sign-in page; neither asks to sign in again.
  for (let i = 0; i < 2; i++) {
    await page.goBack()
    await expect(page).toHaveURL(/\/catalog\/order_history$/)
    await expect(history).toBeVisible()
    await expect(page.getByRole('button', { name: 'Se connecter' })).toHaveCount(0)
  }
  await page.goto('/login?redirectFrom=%2Fcatalog%2Fcontrats')
  await expect(page.getByRole('heading', { name: 'Contrats', level: 1 })).toBeVisible()
  await page.goto('/security/login')
  await expect(history).toBeVisible()
})

test.describe('signed in, the installed app', () => {
  // The service worker answers /login with the app's shell: the app's own sign-in route decides.
  test.use({ serviceWorkers: 'allow' })

  test('/login sends on to the Historique, a sign-out then shows the sign-in page (issue 43)', async ({ page }) => {
    await signIn(page, '100001')
    await waitForServiceWorker(page)
    await page.goto('/login')
    await expect(page).toHaveURL(/\/catalog\/order_history$/)
    await expect(page.getByRole('heading', { name: 'Historique', level: 1 })).toBeVisible()
    await page.getByRole('button', { name: 'Déconnexion' }).click()
    await expect(page).toHaveURL(/\/login/)
    await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible()
  })
})

test('opening Silo with no session goes straight to this page, with the way back', async ({ page }) => {
  await page.goto('/')
  await expect(page).toHaveURL(/\/login\?redirectFrom=%2F$/)
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible()
  expect(await reactOn(page)).toBe(false)
})

test('without any script the page is whole, and “Se connecter” still leads to the sign-in', async ({ page }) => {
  await page.route('**/assets/*.js', (route) => route.abort())
  await page.goto('/login?error=true&redirectFrom=%2Fcatalog%2Flots')
  await expect(page.getByRole('alert')).toHaveText("Erreur d'authentification")
  // Styled already: the app's stylesheet comes inline with the page.
  await expect(page.getByText('Commandez vos aliments auprès de votre coopérative.')).toHaveCSS('font-size', '18px')
  await expect(page.getByRole('link', { name: 'Politique de confidentialité' })).toBeVisible()
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await expect(page).toHaveURL(/\/security\/login\?redirectFrom=%2Fcatalog%2Flots$/)
})

test.describe('a device that kept someone’s order', () => {
  // The order is confirmed offline on the installed app; the worker then goes, so that the next
  // visit of the sign-in page is the server's.
  test.use({ serviceWorkers: 'allow' })

  test('the page seals it and says so, and the next farmer sees nothing of it', async ({ page, context, network }) => {
    test.slow()
    await confirmOrderOffline(page, network)
    network.hold(/^POST \/web\/v1\/tiers\/\d+\/commandes$/) // it waits for 100001, not for the network
    network.restore()
    await page.evaluate(async () => {
      for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister()
    })

    // 100001 walks away without signing out; the next person opens the sign-in page.
    await context.clearCookies({ name: 'silo_session' })
    await context.clearCookies({ name: 'silo_proprietaire' })
    await page.goto('/login')
    await expect(page.getByRole('status').filter({ hasText: 'Des commandes d' })).toHaveText(
      "Des commandes d'un autre utilisateur attendent sur cet appareil",
    )
    expect(await reactOn(page)).toBe(false)
    await expect.poll(() => page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain('GAEC')

    await signInWithForm(page, '100002')
    await expect(page.getByRole('banner')).toContainText('EARL AVICOLE DE KERBRAT', { timeout: 30_000 })
    expect(await page.locator('body').innerText()).not.toContain('GAEC')
  })
})
