// A browser that refuses service workers (a private window, a setting), the network cut after the
// first load (issue 43, item 9): a screen never opened cannot come, but the app's shell stays
// (header, menu, the screens already opened) and the page says what is missing, instead of a bare
// "Réseau indisponible" page after "TypeError: Failed to fetch dynamically imported module".
import { expect, test } from './network-switch'
import { signIn } from './support'

test.use({ serviceWorkers: 'block' })

test('no service worker, cut after the first load: the shell stays and the page says what is missing', async ({
  page,
  network,
}) => {
  const failedImports: string[] = []
  page.on('console', (m) => m.text().includes('dynamically imported module') && failedImports.push(m.text()))
  await signIn(page, '100001')
  await expect(page.getByRole('heading', { level: 1, name: 'Historique' })).toBeVisible()
  // The first load done (what the browser loads once idle included), then the cut.
  await page.waitForLoadState('networkidle')
  network.cut()
  const tabs = page.getByRole('navigation', { name: 'Catalogue' })
  await tabs.getByRole('link', { name: /Contrats$/ }).click()
  const alert = page.getByRole('alert').filter({ hasText: 'Réseau indisponible' })
  await expect(alert).toContainText(
    'cette page n’a pas encore été ouverte sur cet appareil, et ce navigateur ne garde pas Silo pour une utilisation sans réseau',
  )
  await expect(page.getByText(/dynamically imported module|TypeError/)).toHaveCount(0)
  // Every image of that page shows, the logo first (issue 51: it was a broken image once cut).
  const broken = () =>
    page.evaluate(() => [...document.images].filter((i) => !i.complete || i.naturalWidth === 0).map((i) => i.src))
  await expect(page.locator('img').first()).toBeVisible()
  await expect.poll(broken).toEqual([])
  // The shell is still there: the customer, the menu, and the screen already shown.
  await expect(page.getByRole('banner')).toContainText('GAEC DES TROIS CHÊNES')
  await tabs.getByRole('link', { name: 'Historique' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Historique' })).toBeVisible()
  // Back online, the screen comes.
  network.restore()
  await tabs.getByRole('link', { name: /Contrats$/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Contrats' })).toBeVisible()
  // A part of the shell that could not come either is not asked for again and again.
  expect(failedImports.length).toBeLessThan(10)
})
