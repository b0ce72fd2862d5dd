// The connection seen while idle (issue 24): the signal lost while the farmer stays on one screen
// and touches nothing is said within 30 s — the network cut for real (TCP proxy), both as refused
// connections and as a half-open link that never answers; and said to be back once it is.
import { expect, test } from './network-switch'
import { signIn, waitForServiceWorker } from './support'

for (const mode of ['refuse', 'hang'] as const) {
  test(`a cut (${mode}) while the farmer stays on Historique shows "Hors connexion" within 30 s`, async ({
    page,
    network,
  }) => {
    await signIn(page, '100001')
    await expect(page).toHaveURL(/\/catalog\/order_history/)
    // The app as a farmer has it a moment after signing in: its worker in control, the parts
    // loaded after the first paint in.
    await waitForServiceWorker(page)
    await page.waitForLoadState('networkidle')
    await expect(
      page
        .locator('main')
        .getByRole('heading', { name: /^Livré le / })
        .first(),
    ).toBeVisible()
    await expect(page.getByText(/^Hors connexion/)).toHaveCount(0)
    network.cut(mode)
    // Nothing touched: the page's own probe finds out.
    await expect(page.getByText(/^Hors connexion/).first()).toBeVisible({ timeout: 30_000 })
    network.restore()
    await expect(page.getByText(/^Hors connexion/)).toHaveCount(0, { timeout: 30_000 })
  })
}
