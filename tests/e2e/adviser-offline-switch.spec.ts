// "Changer de client" with no signal (issue 25): the adviser is told plainly that choosing another
// member needs the network and what can still be done, in the app's frame (header, menu), with no
// 403 alert and no bare "Réseau indisponible" page. The network is cut for real.
import { expect, test } from './network-switch'
import { signIn, waitForServiceWorker } from './support'

test('with no signal, Changer de client says it needs the network and keeps the member’s screens', async ({
  page,
  network,
}) => {
  await signIn(page, 'conseiller')
  await waitForServiceWorker(page)
  await page.getByLabel("Nom ou numéro d'adhérent").fill('Chênes')
  await page.getByRole('button', { name: /Agir pour GAEC DES TROIS CHÊNES/ }).click()
  await expect(page.getByRole('banner')).toContainText('GAEC DES TROIS CHÊNES')
  await expect(
    page
      .locator('main')
      .getByRole('heading', { name: /^Livré le / })
      .first(),
  ).toBeVisible()

  network.cut()
  // The app learns the cut from its own requests (or its probe).
  await expect(page.getByText(/^Hors connexion/).first()).toBeVisible({ timeout: 30_000 })
  await page.getByRole('button', { name: 'Changer de client' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Pas de réseau' })
  await expect(dialog).toContainText('Changer de client demande le réseau')
  await expect(dialog).toContainText('GAEC DES TROIS CHÊNES (100001)')
  await expect(dialog).not.toContainText('déconnexion')
  await dialog.getByRole('button', { name: 'Continuer pour ce client' }).click()
  await expect(dialog).toBeHidden()
  // Still in the member's screens, with the header and the menu.
  await expect(page).toHaveURL(/\/catalog\/order_history/)
  await expect(page.getByRole('banner')).toContainText('GAEC DES TROIS CHÊNES')
  await expect(page.getByRole('navigation', { name: 'Catalogue' })).toBeVisible()
  await expect(page.getByText('Réseau indisponible')).toHaveCount(0)
  network.restore()
})
