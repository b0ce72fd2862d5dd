// An adviser who chose a member, then at once reloads and opens another page by its address
// (issue 43): the device's copy of their profile may still be the one from before the choice; the
// app asks the server before sending them back to the member search, and they stay with the member.
import { expect, test } from '@playwright/test'
import { signIn } from './support'

test('pages opened right after choosing a member stay with that member', async ({ page }) => {
  await signIn(page, 'conseiller')
  await page.getByLabel("Nom ou numéro d'adhérent").fill('GAEC DES TROIS')
  await page.getByRole('button', { name: /Agir pour GAEC DES TROIS CHÊNES/ }).click()
  await expect(page).toHaveURL(/\/catalog\/order_history/)
  await page.reload()
  await expect(page.getByRole('banner')).toContainText('GAEC DES TROIS CHÊNES')
  await page.goto('/catalog/contrats')
  await expect(page.getByRole('heading', { level: 1, name: 'Contrats' })).toBeVisible()
  await expect(page.getByRole('banner')).toContainText('GAEC DES TROIS CHÊNES')
  await expect(page).toHaveURL(/\/catalog\/contrats/)
})

test('a reload right after choosing another member opens on that member, not the one before', async ({ page }) => {
  await signIn(page, 'conseiller')
  await page.getByLabel("Nom ou numéro d'adhérent").fill('GAEC DES TROIS')
  await page.getByRole('button', { name: /Agir pour GAEC DES TROIS CHÊNES/ }).click()
  await expect(page).toHaveURL(/\/catalog\/order_history/)
  await expect(page.getByRole('banner')).toContainText('GAEC DES TROIS CHÊNES')
  // The first member is in the device's copy (saved within a second of a change).
  await page.waitForTimeout(1_500)
  await page.goto('/admin/connect-as/selection-tiers')
  await page.getByLabel("Nom ou numéro d'adhérent").fill('KERBRAT')
  await page.getByRole('button', { name: /Agir pour EARL AVICOLE DE KERBRAT/ }).click()
  await expect(page).toHaveURL(/\/catalog\/order_history/)
  await page.reload()
  await expect(page.getByRole('banner')).toContainText('EARL AVICOLE DE KERBRAT')
  await expect(page.getByRole('banner')).not.toContainText('GAEC DES TROIS CHÊNES')
  await expect(page.getByText(/Vous agissez pour l['’]adhérent/)).toHaveCount(0)
})
