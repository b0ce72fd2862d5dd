// A saved parameter changes the order rules (cart-orders-admin §2 "Parameters"): the admin moves
// HEURE_PIVOT, and the first allowed delivery date in a farmer's order-line form follows at the
// next load of the parameters. The farmer's clock is fixed to Monday 30/11/2026 08:00 in Paris.
import { expect, test, type Browser, type Page } from '@playwright/test'
import { signIn } from './support'

const consent = {
  cookies: [
    {
      name: 'COOKIE_CONSENT',
      value: 'true',
      domain: 'localhost',
      path: '/',
      expires: -1,
      httpOnly: false,
      secure: false,
      sameSite: 'Lax' as const,
    },
  ],
  origins: [],
}
const PIVOT = '/web/v1/parametres/DEFAULT/HORAIRE_COMMANDE/HEURE_PIVOT'

async function firstAllowed(browser: Browser): Promise<string> {
  const context = await browser.newContext({
    storageState: consent,
    viewport: { width: 390, height: 844 },
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
  })
  const page: Page = await context.newPage()
  try {
    await page.clock.setFixedTime(new Date('2026-11-30T08:00:00+01:00'))
    await signIn(page, '100001', 'demo', '/catalog/aliments')
    await page
      .locator('main li')
      .filter({ hasText: 'Article 410102' })
      .getByRole('button', { name: /^Commander/ })
      .click()
    const dialog = page.getByRole('dialog', { name: 'Ajouter au panier' })
    await dialog.getByLabel('Quantité (t) *').fill('10')
    await dialog.getByLabel('Adresse de livraison *').selectOption({ index: 1 })
    await dialog.getByLabel('Lieu de stockage 1 *').selectOption({ label: 'Silo 1' })
    await dialog.getByRole('button', { name: 'Suivant' }).click()
    const range = dialog.getByText(/^Livraison possible du /)
    await expect(range).toBeVisible()
    return (await range.locator('strong').first().textContent()) ?? ''
  } finally {
    await context.close()
  }
}

test('admin changes HEURE_PIVOT and the first allowed date in the order-line form follows', async ({
  page,
  browser,
}) => {
  await signIn(page, 'admin')
  const put = (value: string) =>
    page.request.put(PIVOT, { data: { categorie: 'HORAIRE_COMMANDE', code: 'HEURE_PIVOT', value } })
  try {
    // 08:00 is after a 7 o'clock pivot: no next-day delivery, two business days.
    expect((await put('07:00:00')).ok()).toBe(true)
    expect(await firstAllowed(browser)).toBe('mercredi 02/12/2026')
    // Before a 10 o'clock pivot: the next business day.
    expect((await put('10:00:00')).ok()).toBe(true)
    expect(await firstAllowed(browser)).toBe('mardi 01/12/2026')
  } finally {
    await put('10:00:00')
  }
})
