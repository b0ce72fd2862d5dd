// Delivery history (ordering-area "Delivery history"): 'Aucune livraison à afficher' whenever
// nothing is on screen, not only once every window has been loaded; older windows stay offered.
import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { signIn } from './support'

test('an address with no delivery in the current window: the empty text, and older deliveries still offered', async ({
  page,
}) => {
  await signIn(page, '100001')
  await expect(page).toHaveURL(/\/catalog\/order_history/)
  const main = page.locator('main')
  await expect(main.getByRole('heading', { name: /^Livré le / }).first()).toBeVisible()
  await expect(main.getByText('Aucune livraison à afficher.')).toHaveCount(0)

  // Address 4 (suspended) was delivered only in the older months (seed): none in the first window.
  await page.getByLabel('Adresse de livraison').selectOption({ value: '4' })
  await expect(main.getByRole('heading', { name: /^Livré le / })).toHaveCount(0)
  await expect(main.getByText('Aucune livraison à afficher.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Afficher plus de livraisons' })).toBeVisible()
  const { violations } = await new AxeBuilder({ page }).analyze()
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([])

  // Older windows still come, and the empty text goes once a delivery of that address is shown:
  // one tap, the empty windows between are loaded without asking again.
  const more = page.getByRole('button', { name: 'Afficher plus de livraisons' })
  const heading = main.getByRole('heading', { name: /^Livré le / }).first()
  await more.click()
  await expect(heading).toBeVisible({ timeout: 20_000 })
  await expect(main.getByText('Aucune livraison à afficher.')).toHaveCount(0)
})

test('older windows with nothing in them are loaded in a row, down to the spec’s end message', async ({ page }) => {
  await signIn(page, '100001')
  const main = page.locator('main')
  await expect(main.getByRole('heading', { name: /^Livré le / }).first()).toBeVisible()
  // An address with no delivery at all: every tap would meet an empty window.
  await page.getByLabel('Adresse de livraison').selectOption({ value: '4' })
  let taps = 0
  const more = page.getByRole('button', { name: 'Afficher plus de livraisons' })
  const end = main.getByText("Impossible d'afficher plus de livraisons")
  for (; taps < 30 && !(await end.isVisible()); taps++) {
    await expect(more.or(end).first()).toBeVisible()
    if (await end.isVisible()) break
    await more.click()
    await expect(
      main
        .getByRole('heading', { name: /^Livré le / })
        .first()
        .or(end),
    ).toBeVisible({ timeout: 30_000 })
  }
  // Address 4 has old deliveries: each tap finds some, never an empty window to tap through.
  expect(taps).toBeLessThan(10)
  // The history's normal end, said as a quiet note, not as an error (issue 43): no alert, not
  // bold, in a grey (no hue), not red.
  await expect(end).toBeVisible()
  const look = await end.evaluate((el) => {
    // The colour as drawn (whatever space the stylesheet writes it in: oklch, lab…).
    const canvas = document.createElement('canvas').getContext('2d')!
    canvas.fillStyle = getComputedStyle(el).color
    canvas.fillRect(0, 0, 1, 1)
    const [r, g, b] = canvas.getImageData(0, 0, 1, 1).data
    return {
      inAlert: el.closest('[role=alert], [role=alertdialog]') !== null,
      weight: Number(getComputedStyle(el).fontWeight),
      rgb: [r, g, b].map(Number),
    }
  })
  expect(look.inAlert).toBe(false)
  expect(look.weight).toBeLessThan(600)
  expect(Math.max(...look.rgb) - Math.min(...look.rgb), `rgb(${look.rgb})`).toBeLessThanOrEqual(4)
})
