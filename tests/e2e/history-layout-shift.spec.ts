// Historique keeps still while it fills in (issue 17): the "À commander" bar holds its place and
// its height from the first paint, and the advice, loaded after the deliveries, fills it without
// pushing them down (it used to: Lighthouse CLS 0.498 on a phone). The layout shifts are read once
// the page has settled, from the browser's own record of them (buffered entries): what is asserted
// is how much moved, never how long anything took.
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { signIn } from './support'

test.use({ viewport: { width: 390, height: 844 } })

interface Shift {
  value: number
  hadRecentInput: boolean
  /** What moved: "tag#id: text", and whether it is in the page's main content. */
  sources: { what: string; inMain: boolean }[]
}

/** Every layout shift of this document so far, with what moved. */
function layoutShifts(page: Page): Promise<Shift[]> {
  return page.evaluate(() => {
    type LayoutShift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node: Node | null }[] }
    const observer = new PerformanceObserver(() => undefined)
    observer.observe({ type: 'layout-shift', buffered: true })
    const entries = observer.takeRecords() as LayoutShift[]
    observer.disconnect()
    const main = document.querySelector('main')
    return entries.map((e) => ({
      value: e.value,
      hadRecentInput: e.hadRecentInput,
      sources: e.sources.map(({ node }) => {
        const el = node instanceof Element ? node : node?.parentElement
        const what = el
          ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}: ${(el.textContent ?? '').trim().slice(0, 60)}`
          : '(removed)'
        return { what, inMain: Boolean(node && main?.contains(node)) }
      }),
    }))
  })
}

async function expectNoSeriousViolation(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze()
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

test('100001 on a phone: the deliveries and the "À commander" bar do not move while the advice arrives', async ({
  page,
}) => {
  await signIn(page, '100001')
  await expect(page).toHaveURL(/\/catalog\/order_history/)
  const main = page.locator('main')
  const bar = page.getByRole('region', { name: 'À commander' })
  // Settled: the deliveries are on screen and the advice (loaded after them) has filled the bar.
  await expect(main.getByRole('heading', { name: /^Livré le / }).first()).toBeVisible()
  await expect(bar.getByTestId('a-commander-resume')).toHaveText(/^\d+ aliments? à prévoir, /)
  const toggle = bar.getByRole('button', { name: 'Voir' })
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await expect(bar.getByRole('listitem')).toHaveCount(0)

  const shifts = (await layoutShifts(page)).filter((s) => !s.hadRecentInput)
  expect(
    shifts
      .flatMap((s) => s.sources)
      .filter((s) => s.inMain)
      .map((s) => s.what),
  ).toEqual([])
  expect(shifts.reduce((total, s) => total + s.value, 0)).toBeLessThan(0.02)
  await expectNoSeriousViolation(page)

  // Opened from the keyboard: the list shows under the summary, and closes again.
  await toggle.focus()
  await page.keyboard.press('Enter')
  const hide = bar.getByRole('button', { name: 'Masquer' })
  await expect(hide).toHaveAttribute('aria-expanded', 'true')
  await expect(hide).toBeFocused()
  await expect(page.locator(`#${await hide.getAttribute('aria-controls')}`)).toBeVisible()
  await expect(bar.getByRole('listitem').filter({ hasText: 'Génisses croissance vrac' })).toBeVisible()
  await expectNoSeriousViolation(page)
  await page.keyboard.press('Space')
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await expect(bar.getByRole('listitem')).toHaveCount(0)
})
