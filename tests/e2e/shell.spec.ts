// The shell's behaviours around the screens: cookie consent, unsupported browsers, the global
// error dialog.
import { expect, test } from '@playwright/test'
import { signIn } from './support'

test.describe('without consent yet', () => {
  test.use({ storageState: { cookies: [], origins: [] } })

  test('the cookie banner shows until accepted, then COOKIE_CONSENT is kept one year', async ({ page, context }) => {
    await page.goto('/login')
    const banner = page.getByRole('region', { name: 'Cookies' })
    await expect(banner).toBeVisible()
    await banner.getByRole('button', { name: "J'ai compris" }).click()
    await expect(banner).toBeHidden()
    const cookie = (await context.cookies()).find((c) => c.name === 'COOKIE_CONSENT')
    expect(cookie?.value).toBe('true')
    const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(364)
    expect(days).toBeLessThan(366)
    await page.reload()
    await expect(page.getByRole('region', { name: 'Cookies' })).toHaveCount(0)
  })
})

test.describe('an old browser', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/60.0.3112.113 Safari/537.36',
  })

  test('sees the unsupported-browser notice', async ({ page }) => {
    await page.goto('/login')
    await expect(
      page.getByText('Cette version de votre navigateur ne permet pas un usage optimal de votre application.'),
    ).toBeVisible()
  })
})

test('a current browser sees no notice', async ({ page }) => {
  await page.goto('/login')
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible()
  await expect(page.getByText('Cette version de votre navigateur')).toHaveCount(0)
})

test.describe('the global error dialog', () => {
  // page.route cannot see requests a service worker makes: keep it out of this one.
  test.use({ serviceWorkers: 'block' })

  test('a failed request opens the global error dialog with the status label and the reason', async ({ page }) => {
    await page.route('**/web/v1/tiers/search*', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Maintenance de la coopérative' }),
      }),
    )
    await signIn(page, 'admin')
    await page.getByLabel("Nom ou numéro d'adhérent").fill('GAEC')
    const dialog = page.getByRole('alertdialog', { name: 'Erreur' })
    await expect(dialog).toBeVisible({ timeout: 20_000 })
    await expect(dialog).toContainText('503 service non disponible')
    await expect(dialog).toContainText('Raison : Maintenance de la coopérative')
    await dialog.getByRole('button', { name: 'Fermer' }).click()
    await expect(dialog).toBeHidden()
  })
})

test('the help of a page opens with the text the server holds for it', async ({ page }) => {
  await signIn(page, '100001')
  await page.goto('/commandes-en-cours')
  await page.getByRole('button', { name: 'Aide : vos commandes' }).click()
  const dialog = page.getByRole('dialog', { name: 'Aide : vos commandes' })
  await expect(dialog).toBeVisible()
  await expect(dialog.locator('p')).not.toHaveText("Chargement de l'aide…")
  await expect(dialog.locator('p').first()).toHaveText(/.{20,}/)
  await dialog.getByRole('button', { name: 'Fermer' }).click()
  await expect(dialog).toBeHidden()
})

test('the footer links to the cooperative’s portal and shows the versions in a tooltip', async ({ page }) => {
  await signIn(page, '100001')
  await expect(page.getByRole('link', { name: 'Portail de la coopérative' })).toHaveAttribute('href', /^https:\/\//)
  // The page is the server's render: a tap before the app's scripts have hydrated it does nothing
  // (seen once in CI on a busy machine), so the tap is made again until the app answers it.
  const version = page.getByRole('button', { name: 'Version 27.0.0' })
  await expect(async () => {
    if ((await version.getAttribute('aria-expanded')) !== 'true') await version.click()
    await expect(page.getByRole('tooltip')).toHaveText('Application 27.0.0 · serveur 27.0.0', { timeout: 1_000 })
  }).toPass({ timeout: 20_000 })
})

test('public holidays within 15 days show in a banner on every page', async ({ page }) => {
  // The page's clock only: the server keeps its own date, the banner reads the browser's.
  await page.clock.setFixedTime(new Date('2026-12-15T09:00:00+01:00'))
  await signIn(page, '100001')
  const banner = page.getByRole('region', { name: 'Jours fériés à venir' })
  await expect(banner.getByText(/Jour férié le vendredi 25\/12\/2026 \(Noël\)/)).toBeVisible()
  await page.getByRole('navigation', { name: 'Catalogue' }).getByRole('link', { name: 'Aliments' }).click()
  await expect(banner).toBeVisible()
  await expect(banner.getByText(/01\/01\/2027/)).toHaveCount(0)
  // Folded, it keeps one line that unfolds it again, from screen to screen (issue 43).
  const text = banner.getByText(/Jour férié le vendredi 25\/12\/2026/)
  const before = (await banner.boundingBox())!.height
  await banner.getByRole('button', { name: 'Masquer : Jours fériés à venir' }).click()
  await expect(text).toBeHidden()
  expect((await banner.boundingBox())!.height).toBeLessThan(before)
  await page.getByRole('navigation', { name: 'Catalogue' }).getByRole('link', { name: 'Contrats' }).click()
  await expect(page.getByRole('heading', { name: 'Contrats', level: 1 })).toBeVisible()
  await expect(text).toBeHidden()
  await banner.getByRole('button', { name: 'Afficher : Jours fériés à venir' }).click()
  await expect(text).toBeVisible()
})

test.describe('on a tablet', () => {
  test.use({ viewport: { width: 1024, height: 768 } })

  test('the breadcrumb names the pages above, not the page again (issue 43)', async ({ page }) => {
    await signIn(page, '100001')
    await expect(page.getByRole('heading', { name: 'Historique', level: 1 })).toBeVisible()
    // Nothing above the history: no breadcrumb repeating its title.
    await expect(page.getByRole('navigation', { name: "Fil d'Ariane" })).toHaveCount(0)
    await expect(page.getByRole('main').getByText('Historique', { exact: true })).toHaveCount(1)
    await page.goto('/catalog/cart/validPanier')
    await expect(page.getByRole('heading', { name: 'Validation règlement', level: 1 })).toBeVisible()
    const crumbs = page.getByRole('navigation', { name: "Fil d'Ariane" })
    await expect(crumbs.getByRole('link', { name: 'Mon panier' })).toBeVisible()
    await expect(crumbs).not.toContainText('Règlement')
  })
})

test.describe('a route that fails to load', () => {
  // The page's own requests only, so that page.route sees them (no service worker in between).
  test.use({ serviceWorkers: 'block' })

  test('a route-loading error sends the user to login, flagged as a user-loading error', async ({ page }) => {
    await signIn(page, '100001')
    await expect(page.getByRole('banner')).toContainText('100001')
    await page.route(/\/web\/v1\/tiers\/100001(\?.*)?$/, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Panne' }) }),
    )
    // A new load of the shell, nothing kept: it needs the customer, whose call now fails. The
    // storage is cleared from a page of the origin that is not the app (the app would write its
    // query cache back before it unloads).
    await page.goto('/public/infos/version')
    await page.evaluate(() => localStorage.clear())
    await page.goto('/catalog/contrats')
    await expect(page).toHaveURL(/\/login\?/)
    await expect(page.getByRole('alert')).toHaveText("Erreur d'authentification")
    await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible()
  })
})
