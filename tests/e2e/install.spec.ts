// The install prompt: Android/Chrome's beforeinstallprompt kept for an "Installer" button;
// guidance on iOS; "Plus tard" puts it away.
import { expect, test } from '@playwright/test'

declare global {
  interface Window {
    /** Set by the stand-in install prompt below when the app calls it. */
    prompted?: boolean
  }
}

test('when the browser offers installation, "Installer" runs its prompt', async ({ page }) => {
  await page.goto('/login')
  await page.evaluate(() => {
    const e = new Event('beforeinstallprompt', { cancelable: true }) as Event & Record<string, unknown>
    e.prompt = async () => {
      window.prompted = true
    }
    e.userChoice = Promise.resolve({ outcome: 'accepted' })
    window.dispatchEvent(e)
  })
  const card = page.getByRole('region', { name: 'Installer Silo' })
  await expect(card).toBeVisible()
  await card.getByRole('button', { name: 'Installer' }).click()
  await expect.poll(() => page.evaluate(() => window.prompted)).toBe(true)
  await expect(card).toBeHidden()
})

test('a browser that cannot install shows nothing', async ({ page }) => {
  await page.goto('/login')
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Installer Silo' })).toHaveCount(0)
})

test.describe('on an iPhone', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  })

  test('Silo explains how to add it to the home screen; Plus tard hides it', async ({ page }) => {
    await page.goto('/login')
    const card = page.getByRole('region', { name: 'Installer Silo' })
    await expect(card).toContainText('Sur l’écran d’accueil')
    await card.getByRole('button', { name: 'Plus tard' }).click()
    await expect(card).toBeHidden()
    await page.reload()
    await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Installer Silo' })).toHaveCount(0)
  })
})
