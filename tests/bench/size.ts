// `npm run size`: the gzip weight of the JS and CSS the first screen really loads. It starts the
// server on the built app (run `npm run build` first, or build elsewhere and pass DIST_DIR), signs
// in as farmer 100001 in Chromium, opens the delivery history (rendered by the server since issue
// 29: its stylesheet inline in the page is counted, its scripts come after the paint) and sums what
// the page asked for until its first deliveries are on screen (the budget), then prints too what
// came after, once the screen was shown and the browser idle (Dexie for the cart badge, the outbox
// watch and the history's offline copy). Budgets: 160 KB for the first screen, 241 KB in all; above
// either the script exits non-zero, so CI fails on drift.
//   DIST_DIR   the built app to measure (default ./dist)
//   SIZE_PORT  the port of the server it starts (default 8197)
import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { builtApp, startSilo, tempDataDir } from '../support/silo'
import { chromiumLaunch } from '../chromium'
import { fillSignIn, watchFirstCard } from './support/history-page'

const BUDGET_KB = 160
/** Everything the first screen loads, before and after its paint (issue 29's goal is 200 KB; this
 * budget holds today's weight so it cannot drift up while that work goes on). 225 → 231 KB with
 * issues 41–43's screens (measured 230.1 KB: the advice counting orders in progress, the server's
 * trouble in the outbox banner, the quick-add's place warnings, the staff decision from /me).
 * Those figures, and a 231.7 KB one that raised it to 232 KB, came from copies whose node_modules
 * was a symbolic link: .gitignore's `node_modules/` does not match a link, so Tailwind scanned the
 * libraries' sources for class names and the stylesheet grew by 5 KB. On a clean clone, as CI
 * builds, it is 226.4–226.8 KB (2026-11-28, 3ec12d4 to 791840a): 232 → 228 KB. Issues 48–51 (2026-11-29):
 * 227.5 → 230.3 KB, measured on a6eb701 and on the merge of this round in one checkout: the
 * stylesheet +0.6 KB (breakpoints as container queries in the root's rem, so that 200 % text gets
 * the phone's layout), the shell +1.9 KB (the French typography every formatted number and message
 * goes through, the contract named on the Règlement step, the early start asked once, the offline
 * address check, one minute's freshness): 228 → 231 KB. Issues 50 and 52 (2026-11-29): 230.3 →
 * 233.8 KB on a clean clone (CI, 0f1a135): the per-article answers read from the member's snapshot
 * with the domain's rules, the snapshot's reader and its refresh on the way back to the foreground,
 * the service worker's kept page handed over to the app, the scripts asked after the first paint,
 * the adviser's round's proof on its members' requests: 231 → 235 KB. Decision 0059 (2026-11-29):
 * the rendered Historique carries inline only the rules its markup can match (6.7 KB gzip) and
 * the whole stylesheet (14.4 KB) comes after its paint, so a first visit takes those rules twice:
 * 233.8 → 240.5 KB, 235 → 241 KB (every later visit carries 7.7 KB less: the file is cached). */
const ALL_BUDGET_KB = 241
const port = Number(process.env.SIZE_PORT ?? 8197)
const distDir = builtApp({ build: false })
const dataDir = tempDataDir('size')
const server = await startSilo({ port, env: { DATA_DIR: dataDir, DIST_DIR: distDir }, stderr: 'inherit' })

const browser = await chromium.launch(chromiumLaunch)
try {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' })
  await fillSignIn(page, `http://127.0.0.1:${port}`)
  await watchFirstCard(page)
  await page.click('button[type=submit]')
  await page.waitForURL(/order_history/)
  await page
    .getByRole('heading', { name: /^Livré le / })
    .first()
    .waitFor()
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(2_500) // what waits for the browser to be idle (at most 2 s)
  await page.waitForLoadState('networkidle')
  const { shownAt, requested, inlineCss } = await page.evaluate(() => ({
    shownAt: window.__shownAt ?? Number.POSITIVE_INFINITY,
    // The history rendered by the server carries the app's stylesheet inline (issue 29).
    inlineCss: document.querySelector('style[data-app-stylesheet]')?.textContent ?? '',
    requested: performance
      .getEntriesByType('resource')
      .map((e) => ({ path: new URL(e.name).pathname, start: e.startTime })),
  }))
  const firstScreen = new Set(requested.filter((r) => r.start < shownAt).map((r) => r.path))
  const assets = new Set(requested.map((r) => r.path).filter((path) => /\.(js|css)$/.test(path) && path !== '/sw.js'))

  const gzipKb = (path: string) => gzipSync(readFileSync(join(distDir, path))).length / 1024
  const inlineKb = gzipSync(inlineCss).length / 1024
  let total = inlineKb
  let after = 0
  const rows = [...assets].sort().map((path) => {
    const kb = gzipKb(path)
    if (firstScreen.has(path)) total += kb
    else after += kb
    return {
      fichier: path,
      'KB gzip': kb.toFixed(1),
      quand: firstScreen.has(path) ? 'premier écran' : 'ensuite, au repos',
    }
  })
  if (inlineCss)
    rows.unshift({ fichier: '(feuille de style dans la page)', 'KB gzip': inlineKb.toFixed(1), quand: 'premier écran' })
  console.table(rows)
  console.log(`Chargé ensuite, une fois l'écran affiché et le navigateur au repos : ${after.toFixed(1)} KB gzip`)
  console.log(`Premier écran (historique, téléphone) : ${total.toFixed(1)} KB gzip de JS + CSS, budget ${BUDGET_KB} KB`)
  console.log(
    `En tout (avant et après l'affichage) : ${(total + after).toFixed(1)} KB gzip, budget ${ALL_BUDGET_KB} KB`,
  )
  if (total > BUDGET_KB) {
    console.error(`Au-dessus du budget de ${(total - BUDGET_KB).toFixed(1)} KB.`)
    process.exitCode = 1
  }
  if (total + after > ALL_BUDGET_KB) {
    console.error(`En tout, au-dessus du budget de ${(total + after - ALL_BUDGET_KB).toFixed(1)} KB.`)
    process.exitCode = 1
  }
} finally {
  await browser.close()
  // The server stops its embedded PostgreSQL on SIGTERM: its folder goes once both have stopped.
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
