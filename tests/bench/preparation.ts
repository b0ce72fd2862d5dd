// `npm run bench:preparation`: how much the preparation for no signal (issue 24, src/offline/
// preparation.ts) downloads and keeps, and how long it takes, on a slow link. It starts the server on
// the built app (run `npm run build` first), signs in each demo farmer in Chromium with the network
// throttled to 1.6 Mbps down / 750 kbps up and 150 ms RTT (CDP Network.emulateNetworkConditions),
// opens the delivery history (the first screen), then waits for the preparation's end mark. It
// prints per customer: when the first screen was shown, the preparation's duration and requests,
// the bytes transferred (what the API sent, compressed) and the bytes kept in localStorage.
//   DIST_DIR         the built app (default ./dist)
//   PREP_PORT        the port of the server it starts (default 8196)
//   PREP_CUSTOMERS   comma-separated accounts (default 100001,100002)
//   DATABASE_URL     measure against this database instead of a fresh demo (e.g. one seeded with
//                    100× a customer's rows: tests/bench/support/multiply.ts)
import { rmSync } from 'node:fs'
import { chromium } from '@playwright/test'
import { builtApp, startSilo, tempDataDir } from '../support/silo'
import { chromiumLaunch } from '../chromium'
import { fillSignIn } from './support/history-page'
import { deviceCopies } from '../e2e/support'

const port = Number(process.env.PREP_PORT ?? 8196)
const customers = (process.env.PREP_CUSTOMERS ?? '100001,100002').split(',').filter(Boolean)
const distDir = builtApp({ build: false })
const dataDir = tempDataDir('preparation')
const env: Record<string, string> = { DATA_DIR: dataDir, DIST_DIR: distDir }
if (process.env.DATABASE_URL) env.DATABASE_URL = process.env.DATABASE_URL
const server = await startSilo({ port, env, stderr: 'inherit' })
const base = `http://127.0.0.1:${port}`

const browser = await chromium.launch(chromiumLaunch)
const rows: Record<string, string | number>[] = []
try {
  for (const numTiers of customers) {
    // No service worker: every request is the page's own, counted once (its runtime cache would keep
    // the same responses again, outside localStorage).
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' })
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: 1_600_000 / 8,
      uploadThroughput: 750_000 / 8,
    })
    // Bytes on the wire per API request, from the network's own accounting (compressed sizes).
    const urls = new Map<string, string>()
    const api = { requests: 0, bytes: 0 }
    cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url))
    cdp.on('Network.loadingFinished', (e) => {
      const url = urls.get(e.requestId) ?? ''
      if (!url.includes('/web/')) return
      api.requests++
      api.bytes += e.encodedDataLength
    })

    await fillSignIn(page, base, numTiers)
    await page.click('button[type=submit]')
    await page.waitForURL(/order_history/)
    await page
      .getByRole('heading', { name: /^Livré le / })
      .first()
      .waitFor({ timeout: 120_000 })
    const shownAt = await page.evaluate(() => performance.now())
    const before = { ...api }
    await page.waitForFunction(() => performance.getEntriesByName('silo-preparation-end').length > 0, undefined, {
      timeout: 300_000,
      polling: 250,
    })
    await page.waitForTimeout(1_500) // the persister writes at most once a second
    const marks = await page.evaluate(() => ({
      start: performance.getEntriesByName('silo-preparation-start')[0]!.startTime,
      end: performance.getEntriesByName('silo-preparation-end')[0]!.startTime,
      kept: (localStorage.getItem(Object.keys(localStorage).find((k) => k.startsWith('silo-query-cache:')) ?? '') ?? '')
        .length,
    }))
    // The per-article reads' copy, in IndexedDB since issue 29 (0 before).
    const articles = (await deviceCopies(page)).length - marks.kept
    rows.push({
      client: numTiers,
      'premier écran (s)': (shownAt / 1000).toFixed(1),
      'début après premier écran (s)': ((marks.start - shownAt) / 1000).toFixed(1),
      'préparation (s)': ((marks.end - marks.start) / 1000).toFixed(1),
      requêtes: api.requests - before.requests,
      'transféré (KB)': ((api.bytes - before.bytes) / 1024).toFixed(0),
      'gardé localStorage (KB)': ((marks.kept * 2) / 1024).toFixed(0),
      'gardé IndexedDB (KB)': ((Math.max(0, articles - 1) * 2) / 1024).toFixed(0),
    })
    await context.close()
  }
  console.log('Préparation hors connexion, lien 1,6 Mbit/s, 150 ms RTT (Chromium, CDP) :')
  console.table(rows)
  console.log('gardé : la taille de la chaîne en UTF-16 (2 octets par caractère, comme Chromium compte le quota).')
} finally {
  await browser.close()
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
