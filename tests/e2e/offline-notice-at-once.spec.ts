// Screens whose data is fresh on the device send no request when opened (issue 43, item 6): with
// the network gone, each one asks the server as it is shown, so "Hors connexion — données du …"
// comes with the screen (for a connection left unanswered, once that ask has gone unanswered),
// not at the next idle probe, up to half a minute later.
import { expect, test } from './network-switch'
import { signIn, waitForServiceWorker } from './support'

for (const mode of ['refuse', 'hang'] as const) {
  test(`a cut (${mode}), then a screen read a moment ago: the notice comes with it`, async ({ page, network }) => {
    await signIn(page, '100001', 'demo', '/catalog/contrats')
    await waitForServiceWorker(page)
    await expect(page.getByText('N° CT2026-0412')).toBeVisible()
    const tabs = page.getByRole('navigation', { name: 'Catalogue' })
    await tabs.getByRole('link', { name: /Histo/ }).click()
    await expect(
      page
        .locator('main')
        .getByRole('heading', { name: /^Livré le / })
        .first(),
    ).toBeVisible()
    await page.waitForLoadState('networkidle')
    await expect(page.getByText(/^Hors connexion/)).toHaveCount(0)

    network.cut(mode)
    // Contrats was read a moment ago: shown from the device, no request of its own.
    await tabs.getByRole('link', { name: /Contrats/ }).click()
    await expect(page.getByText('N° CT2026-0412')).toBeVisible()
    await expect(page.getByText(/^Hors connexion — données du/)).toBeVisible()
    network.restore()
  })
}
