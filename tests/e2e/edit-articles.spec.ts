// Orderable articles (cart-orders-admin §2 "Editable orderable articles"): staff with
// COM_ALI_ECRITURE_ARTICLE make an article orderable for a member, and the member sees it.
import { expect, test } from '@playwright/test'
import AxeBuilder from '@axe-core/playwright'
import { signIn } from './support'

test('admin makes an article orderable for 100001, who then finds it in Aliments', async ({ page, browser }) => {
  await signIn(page, 'admin')
  await page.getByLabel("Nom ou numéro d'adhérent").fill('GAEC DES TROIS')
  await page.getByRole('button', { name: /Agir pour GAEC DES TROIS CHÊNES/ }).click()
  await expect(page.getByRole('banner')).toContainText('GAEC DES TROIS CHÊNES')
  await page.getByRole('navigation', { name: 'Catalogue' }).getByRole('button', { name: 'Plus' }).click()
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Gestion articles' }).click()
  await expect(
    page.getByRole('heading', { level: 1, name: 'Administration - Modification des articles commandables' }),
  ).toBeVisible()
  await expect(page.getByText('Correcteur colza 35 % vrac')).toBeVisible()

  const field = page.getByLabel("Nom ou numéro d'article")
  await field.fill('ta')
  await expect(page.getByText('Veuillez entrer au minimum 3 caratères')).toBeVisible()
  await field.fill('finition')
  const toggle = page.getByRole('switch', { name: /Bovins finition vrac/ })
  await expect(toggle).toHaveAttribute('aria-checked', 'false')
  const { violations } = await new AxeBuilder({ page }).analyze()
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([])
  await toggle.click()
  // Once the server confirms, the article leaves the non-orderable list and joins the added ones.
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: '« Bovins finition vrac » est maintenant commandable pour cet adhérent.' }),
  ).toBeVisible()
  await expect(
    page
      .getByRole('region', { name: 'Articles ajoutés manuellement mais non encore commandés' })
      .getByRole('switch', { name: /Bovins finition vrac/ }),
  ).toHaveAttribute('aria-checked', 'true')

  // The diagnostic of that article, then of an unknown one.
  await page.getByRole('button', { name: 'Diagnostic' }).click()
  const dialog = page.getByRole('dialog', { name: "Diagnostic d'un article" })
  await dialog.getByLabel("Numéro d'article *").fill('410111')
  await dialog.getByRole('button', { name: 'Lancer le diagnostic' }).click()
  await expect(dialog.getByLabel('Résultat du diagnostic')).toContainText('"commandable": true')
  await dialog.getByLabel("Numéro d'article *").fill('999999')
  await dialog.getByRole('button', { name: 'Lancer le diagnostic' }).click()
  await expect(dialog.getByText('Erreur lors du diagnostic')).toBeVisible()
  await dialog.getByRole('button', { name: 'Fermer' }).click()

  // The farmer, on their own device, sees it in Aliments.
  const farmerContext = await browser.newContext({
    storageState: {
      cookies: [
        {
          name: 'COOKIE_CONSENT',
          value: 'true',
          domain: 'localhost',
          path: '/',
          expires: -1,
          httpOnly: false,
          secure: false,
          sameSite: 'Lax',
        },
      ],
      origins: [],
    },
  })
  const farmer = await farmerContext.newPage()
  await signIn(farmer, '100001', 'demo', '/catalog/aliments')
  await expect(farmer.locator('main').getByText('Bovins finition vrac')).toBeVisible()
  await farmerContext.close()

  // Back as it was (the tests share one database).
  await page
    .getByRole('region', { name: 'Articles ajoutés manuellement mais non encore commandés' })
    .getByRole('switch', { name: /Bovins finition vrac/ })
    .click()
  await expect(
    page
      .getByRole('region', { name: 'Articles ajoutés manuellement mais non encore commandés' })
      .getByRole('switch', { name: /Bovins finition vrac/ }),
  ).toHaveCount(0)
  await expect(
    page
      .getByRole('region', { name: 'Articles non commandables' })
      .getByRole('switch', { name: /Bovins finition vrac/ }),
  ).toHaveAttribute('aria-checked', 'false')
})

test('switching on an article the rules never allow: the screen says it stays not orderable and lists it once', async ({
  page,
}) => {
  await signIn(page, 'admin')
  await page.getByLabel("Nom ou numéro d'adhérent").fill('GAEC DES TROIS')
  await page.getByRole('button', { name: /Agir pour GAEC DES TROIS CHÊNES/ }).click()
  await expect(page.getByRole('banner')).toContainText('GAEC DES TROIS CHÊNES')
  await page.getByRole('navigation', { name: 'Catalogue' }).getByRole('button', { name: 'Plus' }).click()
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Gestion articles' }).click()
  await page.getByLabel("Nom ou numéro d'article").fill('470108')
  const found = page
    .getByRole('region', { name: 'Articles non commandables' })
    .getByRole('switch', { name: /Bicarbonate de sodium/ })
  await expect(found).toHaveAttribute('aria-checked', 'false')
  await found.click()
  await expect(
    page.getByRole('status').filter({
      hasText:
        '« Bicarbonate de sodium (sac 25 kg) » reste non commandable : les règles de la coopérative ne permettent jamais de commander cet article (voir Diagnostic).',
    }),
  ).toBeVisible()
  await expect(page.getByText(/Bicarbonate de sodium.*est maintenant/)).toHaveCount(0)
  await expect(found).toHaveAttribute('aria-checked', 'false')
  await expect(
    page
      .getByRole('region', { name: 'Articles ajoutés manuellement mais non encore commandés' })
      .getByText(/Bicarbonate de sodium/),
  ).toHaveCount(0)
  const { violations } = await new AxeBuilder({ page }).analyze()
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([])
})
