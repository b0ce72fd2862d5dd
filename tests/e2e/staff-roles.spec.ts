// Staff roles are the server's to configure (ordering-area §4, §6: a user without the customer
// role goes to customer selection). The demo account `accueil` holds COM_ALI_LECTURE_TOUS, a role
// of the cooperative's own that Silo does not list as staff: on the shared test server it is told
// "Accès non autorisé" (access.spec.ts). Here a Silo of its own runs with STAFF_ROLES naming that
// role, as a cooperative would configure it: the same account lands on the member search and acts
// for the member it chooses — the app following the server's answer, with no list of its own.
// Compiled and started as `npm start` runs it (server-memory.spec.ts does the same), on its own
// embedded database; the built app is the one the browser tests serve.
import { rmSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { builtApp, freePort, startSilo, tempDataDir, type RunningSilo } from '../support/silo'

let silo: RunningSilo
let dataDir: string
let base: string

test.beforeAll(async () => {
  test.setTimeout(180_000)
  dataDir = tempDataDir('staff-roles')
  const port = await freePort()
  silo = await startSilo({
    port,
    compiled: true,
    env: {
      DATA_DIR: dataDir,
      DIST_DIR: builtApp({ build: false }),
      SEED: 'demo',
      STAFF_ROLES: 'COM_ALI_LECTURE_TOUS,COM_ALI_ECRITURE_TOUS,COM_ALI_ADMIN_METIER',
    },
    stdout: 'ignore',
    stderr: 'pipe',
  })
  // localhost, as the other tests: the cookie-consent cookie of the test setup is for that name.
  base = `http://localhost:${port}`
})

test.afterAll(async () => {
  await silo?.stop()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

test('with STAFF_ROLES naming its role, accueil lands on the member search and acts for a member', async ({ page }) => {
  await page.goto(`${base}/security/login?redirectFrom=${encodeURIComponent('/')}`)
  await page.getByLabel('Identifiant (numéro de tiers)').fill('accueil')
  await page.getByLabel('Mot de passe').fill('demo')
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await expect(page).toHaveURL(/\/admin\/connect-as\/selection-tiers/)
  await expect(page).toHaveTitle(/Rechercher un adhérent/)
  // The menu offers the search, not the business admin's pages.
  await expect(page.getByRole('link', { name: 'Rechercher un adhérent' }).first()).toBeVisible()
  await expect(page.getByRole('link', { name: 'Paramètres' })).toHaveCount(0)
  await page.getByLabel("Nom ou numéro d'adhérent").fill('GAEC DES TROIS')
  await page.getByRole('button', { name: /Agir pour GAEC DES TROIS CHÊNES/ }).click()
  await expect(page).toHaveURL(/\/catalog\/order_history/)
  await expect(page.getByRole('banner')).toContainText('GAEC DES TROIS CHÊNES')
  // The adviser's role is not in this server's list: here it is the adviser who is refused.
  const adviser = await page.request.post(`${base}/security/login`, {
    data: { username: 'conseiller', password: 'demo' },
    headers: { Origin: base },
  })
  expect(adviser.ok()).toBe(true)
  await page.goto(`${base}/admin/connect-as/selection-tiers`)
  await expect(page).toHaveURL(/\/error-logout\?cause=ACCES_NON_AUTHORISE/)
  await expect(page.getByRole('heading', { name: 'Accès non autorisé' })).toBeVisible()
})
