// Where each demo account lands after signing in (ordering-area §4, §6).
import { expect, test, type Page } from '@playwright/test'
import { signIn, signInWithForm } from './support'

test('VGM member 100004 is refused with the adviser message and no portal button', async ({ page }) => {
  await signInWithForm(page, '100004')
  await expect(page).toHaveURL(/\/error-logout\?cause=ADHERENT_VGM/)
  await expect(page.getByRole('heading', { name: 'Accès non autorisé' })).toBeVisible()
  await expect(page.getByText('Veuillez contacter votre conseiller ou votre maison régionale.')).toBeVisible()
  await expect(page.getByText('Retour au portail')).toHaveCount(0)
})

test('999999, a customer number the cooperative does not know, sees Numéro de tiers non reconnu', async ({ page }) => {
  await signInWithForm(page, '999999')
  await expect(page).toHaveURL(/\/error-logout\?cause=TIERS_NON_RECONNU/)
  await expect(page.getByText('Numéro de tiers non reconnu')).toBeVisible()
  await expect(page.getByText('Retour au portail')).toHaveAttribute('href', /^https:\/\//)
  await page.getByRole('button', { name: 'Se déconnecter' }).click()
  await expect(page).toHaveURL(/\/login/)
})

test('100003, with a blocking payment incident, sees the Contentieux dialog and is logged out', async ({ page }) => {
  await signInWithForm(page, '100003')
  const dialog = page.getByRole('alertdialog', { name: 'Contentieux' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByText(/Un incident de paiement empêche l'accès au site de commande/)).toBeVisible()
  // Nothing of the ordering area shows behind it.
  await expect(page.getByRole('navigation', { name: 'Catalogue' })).toHaveCount(0)
  await dialog.getByRole('button', { name: 'Se déconnecter' }).click()
  await expect(page).toHaveURL(/\/login/)
  // The session is over: the ordering area asks to sign in again.
  await page.goto('/catalog/order_history')
  await expect(page).toHaveURL(/\/login/)
})

for (const staff of ['conseiller', 'admin']) {
  test(`${staff} goes to the member selection`, async ({ page }) => {
    await signInWithForm(page, staff)
    await expect(page).toHaveURL(/\/admin\/connect-as\/selection-tiers/)
    await expect(page).toHaveTitle(/Rechercher un adhérent/)
  })
}

test('accueil, staff with a role Silo does not list as staff and STAFF_ROLES does not name, is told Accès non autorisé', async ({
  page,
}) => {
  await signInWithForm(page, 'accueil')
  await expect(page).toHaveURL(/\/error-logout\?cause=ACCES_NON_AUTHORISE/)
  await expect(page.getByRole('heading', { name: 'Accès non autorisé' })).toBeVisible()
  await expect(page.getByText("Vous n'avez pas accès au site de commande.")).toBeVisible()
  // The member search stays closed to them (the server's rule; the app follows its answer).
  await page.goto('/admin/connect-as/selection-tiers')
  await expect(page).toHaveURL(/\/error-logout\?cause=ACCES_NON_AUTHORISE/)
})

// A 403 where the app loads the user: the ordering area's and the admin area's route loads
// (their beforeLoad, src/app/features/session/resolve-access.ts) as the app runs them, the
// server's answer replaced on the way. page.route sees the page's requests, not a service
// worker's: none runs here.
test.describe('a 403 when the user is loaded', () => {
  test.use({ serviceWorkers: 'block' })
  const refuseUserLoad = (page: Page) =>
    page.route('**/web/user/me', (route) =>
      route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ message: 'Interdit' }) }),
    )

  test('a 403 on loading the user: error-logout with cause ACCES_NON_AUTHORISE, nothing of the ordering area', async ({
    page,
  }) => {
    await refuseUserLoad(page)
    await signIn(page, '100001', 'demo', '/catalog/contrats')
    await expect(page).toHaveURL(/\/error-logout\?cause=ACCES_NON_AUTHORISE/)
    await expect(page.getByRole('heading', { name: 'Accès non autorisé' })).toBeVisible()
    await expect(page.getByText("Vous n'avez pas accès au site de commande.")).toBeVisible()
    await expect(page.getByText('Retour au portail')).toHaveAttribute('href', /^https:\/\//)
    await expect(page.getByRole('navigation', { name: 'Catalogue' })).toHaveCount(0)
    await expect(page.getByRole('alertdialog')).toHaveCount(0)
    // Se déconnecter ends the session: without the 403, the sign-in page.
    await page.unroute('**/web/user/me')
    await page.getByRole('button', { name: 'Se déconnecter' }).click()
    await expect(page).toHaveURL(/\/login/)
  })

  test('a 403 on loading the admin area: error-logout with cause ACCES_NON_AUTHORISE, no member search', async ({
    page,
  }) => {
    await refuseUserLoad(page)
    await signIn(page, 'conseiller', 'demo', '/admin/connect-as/selection-tiers')
    await expect(page).toHaveURL(/\/error-logout\?cause=ACCES_NON_AUTHORISE/)
    await expect(page.getByRole('heading', { name: 'Accès non autorisé' })).toBeVisible()
    await expect(page.getByText("Vous n'avez pas accès au site de commande.")).toBeVisible()
    await expect(page.getByLabel("Nom ou numéro d'adhérent")).toHaveCount(0)
    // The same session, the user load answered: the member search.
    await page.unroute('**/web/user/me')
    await page.goto('/admin/connect-as/selection-tiers')
    await expect(page.getByLabel("Nom ou numéro d'adhérent")).toBeVisible()
  })
})

test('a deep link survives sign-in (redirectFrom)', async ({ page }) => {
  await page.goto('/catalog/contrats')
  await expect(page).toHaveURL(/\/login/)
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await page.getByLabel('Identifiant (numéro de tiers)').fill('100001')
  await page.getByLabel('Mot de passe').fill('demo')
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await expect(page).toHaveURL(/\/catalog\/contrats/)
})
