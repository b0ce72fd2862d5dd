// The walking skeleton as a farmer meets it: sign in, see their name, install, and keep the shell
// with no network (an offline reload and an offline fresh start).
import { expect, test } from './network-switch'
import AxeBuilder from '@axe-core/playwright'
import { signIn, waitForServiceWorker } from './support'

test('farmer 100001 signs in and sees their raison sociale in the header', async ({ page }) => {
  await page.goto('/')
  await expect(page).toHaveURL(/\/login/)
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await expect(page).toHaveURL(/\/security\/login/)
  await page.getByLabel('Identifiant (numéro de tiers)').fill('100001')
  await page.getByLabel('Mot de passe').fill('demo')
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await expect(page).toHaveURL(/\/catalog\/order_history/)
  await expect(page.getByRole('banner')).toContainText('GAEC')
  await expect(page).toHaveTitle(/^Silo > .*Historique/)
})

test('a wrong password shows Erreur d’authentification and keeps the account typed', async ({ page }) => {
  await page.goto('/security/login')
  await page.getByLabel('Identifiant (numéro de tiers)').fill('100001')
  await page.getByLabel('Mot de passe').fill('mauvais')
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await expect(page.getByRole('alert')).toHaveText("Erreur d'authentification")
  await expect(page.getByText(/ou le mot de passe est incorrect\. Vérifiez-les/)).toBeVisible()
  await expect(page.getByLabel('Identifiant (numéro de tiers)')).toHaveValue('100001')
})

test('the manifest is installable and the service worker controls the page', async ({ page }) => {
  await signIn(page, '100001')
  const href = await page.locator('link[rel="manifest"]').getAttribute('href')
  expect(href).toBeTruthy()
  const manifest = await (await page.request.get(href!)).json()
  expect(manifest).toMatchObject({
    name: "Silo — Commande d'aliments",
    short_name: 'Silo',
    lang: 'fr',
    display: 'standalone',
  })
  const sizes = manifest.icons.map((i: { sizes: string; purpose?: string }) => `${i.sizes}:${i.purpose ?? 'any'}`)
  expect(sizes).toEqual(expect.arrayContaining(['192x192:any', '512x512:any', '512x512:maskable']))
  for (const icon of manifest.icons) expect((await page.request.get(icon.src)).ok()).toBe(true)
  await waitForServiceWorker(page)
})

test('with the network off, a reload and a fresh start still show the shell', async ({ page, context, network }) => {
  await signIn(page, '100001')
  await expect(page.getByRole('banner')).toContainText('GAEC')
  await waitForServiceWorker(page)
  // Let the service worker and the persisted query cache see the first answers.
  await page.reload()
  await expect(page.getByRole('banner')).toContainText('GAEC')

  network.cut()
  await page.reload()
  await expect(page.getByRole('banner')).toContainText('GAEC')
  await expect(page.getByRole('navigation').first()).toBeVisible()

  await page.close()
  const fresh = await context.newPage()
  await fresh.goto('/')
  await expect(fresh.getByRole('banner')).toContainText('GAEC')
  network.restore()
})

test('the sign-in page and the history screen have no serious accessibility violation', async ({ page }) => {
  await page.goto('/security/login')
  const login = await new AxeBuilder({ page }).analyze()
  expect(login.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])
  await signIn(page, '100001')
  await expect(page.getByRole('banner')).toContainText('GAEC')
  const history = await new AxeBuilder({ page }).analyze()
  expect(history.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])
})
