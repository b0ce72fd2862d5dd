// What the browser benches share: signing in through the server's own sign-in page (the sign-in is
// part of what they measure) and noting when the first delivery card is on screen.
import type { BrowserContext, Page } from '@playwright/test'

declare global {
  interface Window {
    /** When the first delivery card entered the page, in the page's own clock. */
    __shownAt?: number
  }
}

/** Fills the server's sign-in page for `numTiers`, bound for the history; the caller submits. */
export async function fillSignIn(page: Page, origin: string, numTiers = '100001'): Promise<void> {
  await page.goto(`${origin}/security/login?redirectFrom=%2Fcatalog%2Forder_history`)
  await page.fill('#username', numTiers)
  await page.fill('#password', 'demo')
}

/** What the observer below writes to the console when the first card is there. */
const SHOWN_MESSAGE = 'silo-bench: first delivery card'

/** From the next navigation on, an observer (run before the app's scripts) notes in
 * `window.__shownAt` the moment the first delivery card enters the page, and says so on the
 * console (firstCardShown). */
export const watchFirstCard = (target: Page | BrowserContext): Promise<unknown> =>
  target.addInitScript((message) => {
    new MutationObserver(() => {
      if (
        window.__shownAt === undefined &&
        [...document.querySelectorAll('h2')].some((h) => h.textContent?.startsWith('Livré le'))
      ) {
        window.__shownAt = performance.now()
        console.debug(message)
      }
    }).observe(document, { subtree: true, childList: true })
  }, SHOWN_MESSAGE)

/** Resolves when the page says its first card is there. Listening costs the page nothing: polling
 * from here (waitForFunction, a locator) would inject Playwright's scripts into the page, measured
 * 33 ms of its main thread at 4× CPU, before the card, inside the window being measured. */
export const firstCardShown = (page: Page, timeout = 30_000): Promise<unknown> =>
  page.waitForEvent('console', { predicate: (m) => m.text() === SHOWN_MESSAGE, timeout })

/** When the first delivery card was on screen (ms in the page's clock), `missing` if never. */
export const firstCardAt = (page: Page, missing: number): Promise<number> =>
  page.evaluate((fallback) => window.__shownAt ?? fallback, missing)
