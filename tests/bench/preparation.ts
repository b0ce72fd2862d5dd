// `npm run bench:preparation`: how long the preparation for no signal (src/offline/preparation.ts:
// one conditional GET of the member's snapshot since issue 50) takes after the first screen, on a
// slow link, what it downloads and what the device keeps. It starts the server on the built app
// (run `npm run build` first), signs in each member in Chromium with the network throttled to
// 1.6 Mbps down / 750 kbps up and 150 ms RTT (CDP Network.emulateNetworkConditions), opens the
// delivery history (the first screen), then waits for the preparation's end mark. It prints per
// member (`-- --tournee N`: an adviser's round, tests/bench/preparation-round.ts):
//   (each server first serves one history page to another member: warmUp)
//   - the first screen, and the time to ready after it (the preparation's end mark), and after the
//     sign-in's answer (its first byte), first screen included;
//   - the preparation's API requests and bytes on the wire (compressed, the network's own count);
//   - the floor: the same number of bytes as one static file (incompressible) over the same link,
//     fetched by the same page in the same run;
//   - the device storage: IndexedDB (navigator.storage.estimate, and the snapshot rows' JSON in
//     UTF-16 as Chromium counts strings) and localStorage (the query cache's copy, UTF-16);
//   - a refresh with nothing changed (the app back to the foreground: visibilitychange): its
//     requests, their statuses and its time.
//   DIST_DIR              the built app (default ./dist)
//   PREP_PORT             the port of the server it starts (default 8196; the floor's file: +1;
//                         the cooperative's server: +2)
//   PREP_CUSTOMERS        comma-separated demo accounts (default 100001)
//   PREP_COOPERATIVE_URL  also the largest member (most delivery lines) of the synthetic
//                         cooperative in this database (`npm run seed:cooperative` then `npm run
//                         import`; docs/figures.md): the bench gives them the password 'demo'
//                         (it writes to that database: use a bench database)
//   PREP_DEBUG            also print the largest entries of the localStorage copy and the API URLs
//   DATABASE_URL          measure the demo accounts against this database instead of a fresh demo
import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { chromium, type Browser } from '@playwright/test'
import { builtApp, signIn, startSilo, tempDataDir } from '../support/silo'
import { chromiumLaunch } from '../chromium'
import { fillSignIn } from './support/history-page'
import { largestMembers } from './support/largest-member'

// `-- --tournee N`: an adviser's round of the N largest members instead (issue 52).
if (process.argv.includes('--tournee')) {
  await import('./preparation-round')
  process.exit(0)
}
const port = Number(process.env.PREP_PORT ?? 8196)
const customers = (process.env.PREP_CUSTOMERS ?? '100001').split(',').filter(Boolean)
const cooperativeUrl = process.env.PREP_COOPERATIVE_URL
const distDir = builtApp({ build: false })
/** The demo member whose page warms the server up (warmUp). */
const WARM_UP_MEMBER = '100002'
const LINK = { latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 }

// The floor's file: `n` incompressible bytes, from another origin (CORS), no compression.
const floorServer = createServer((req, res) => {
  const n = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('n') ?? 0)
  res.writeHead(200, {
    'Access-Control-Allow-Origin': '*',
    'Content-Type': 'application/octet-stream',
    'Content-Length': String(n),
    'Cache-Control': 'no-store',
  })
  res.end(randomBytes(n))
})
await new Promise<void>((resolve) => floorServer.listen(port + 1, '127.0.0.1', resolve))
const floorBase = `http://127.0.0.1:${(floorServer.address() as AddressInfo).port}`

type Row = Record<string, string | number>

/**
 * A server as a farmer meets it: it has served pages before. Its first render after a start also
 * compiles the render's code (400–900 ms more on this machine): one history page for another
 * member first, by plain HTTP.
 */
async function warmUp(base: string, username: string): Promise<void> {
  const cookie = await signIn(base, username)
  const page = await fetch(`${base}/catalog/order_history`, { headers: { cookie } })
  await page.text()
  if (!page.ok) throw new Error(`warm-up page for ${username}: ${page.status}`)
}

async function measure(browser: Browser, base: string, numTiers: string, label: string): Promise<Row> {
  // No service worker: every request is the page's own, counted once.
  // bypassCSP: the floor's file comes from another origin (the app's CSP would refuse it).
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'block',
    bypassCSP: true,
  })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...LINK })
  const urls = new Map<string, string>()
  const statuses: number[] = []
  const api = { requests: 0, bytes: 0 }
  cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url))
  cdp.on('Network.responseReceived', (e) => e.response.url.includes('/web/') && statuses.push(e.response.status))
  cdp.on('Network.loadingFinished', (e) => {
    if (!(urls.get(e.requestId) ?? '').includes('/web/')) return
    api.requests++
    api.bytes += e.encodedDataLength
  })
  const endMarks = () =>
    page.evaluate(() => performance.getEntriesByName('silo-preparation-end').map((m) => m.startTime))

  await fillSignIn(page, base, numTiers)
  // The sign-in's answer (its first byte, in the browser's own timing): the clock starts there.
  const signInAnswer = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/security/'))
  await page.click('button[type=submit]')
  const answered = (await signInAnswer).request().timing()
  const answeredAt = answered.startTime + answered.responseStart
  await page.waitForURL(/order_history/)
  await page
    .getByRole('heading', { name: /^Livré le / })
    .first()
    .waitFor({ timeout: 120_000 })
  const shownAt = await page.evaluate(() => performance.now())
  const before = { ...api }
  await page.waitForFunction(() => performance.getEntriesByName('silo-preparation-end').length > 0, undefined, {
    timeout: 300_000,
    polling: 100,
  })
  const readyAt = (await endMarks())[0]!
  const timeOrigin = await page.evaluate(() => performance.timeOrigin)
  const startedAt = await page.evaluate(() => performance.getEntriesByName('silo-preparation-start')[0]!.startTime)
  const prepared = { requests: api.requests - before.requests, bytes: api.bytes - before.bytes }
  await page.waitForTimeout(1_500) // the persister writes at most once a second

  const kept = await page.evaluate(async () => {
    const local = Object.keys(localStorage)
      .filter((k) => k.startsWith('silo-query-cache:'))
      .reduce((n, k) => n + (localStorage.getItem(k) ?? '').length, 0)
    const rows = await new Promise<unknown[]>((resolve) => {
      const open = indexedDB.open('silo')
      open.onsuccess = () => {
        const idb = open.result
        if (!idb.objectStoreNames.contains('snapshots')) return (idb.close(), resolve([]))
        const req = idb.transaction('snapshots').objectStore('snapshots').getAll()
        req.onsuccess = () => (idb.close(), resolve(req.result as unknown[]))
      }
      open.onerror = () => resolve([])
    })
    const estimate = (await navigator.storage.estimate()) as StorageEstimate & {
      usageDetails?: { indexedDB?: number }
    }
    return { local, snapshotChars: JSON.stringify(rows).length, indexedDB: estimate.usageDetails?.indexedDB ?? -1 }
  })

  if (process.env.PREP_DEBUG)
    // What the page asked for, and when, against the first screen and the preparation's marks.
    console.log(
      numTiers,
      {
        signInAnsweredAt: Math.round(answeredAt - timeOrigin),
        shownAt: Math.round(shownAt),
        startedAt: Math.round(startedAt),
        readyAt: Math.round(readyAt),
      },
      await page.evaluate(() => JSON.stringify(performance.getEntriesByType('navigation')[0])),
      await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map(
            (e) =>
              `${Math.round(e.startTime)}–${Math.round((e as PerformanceResourceTiming).responseEnd)} ${e.name.replace(location.origin, '')}`,
          ),
      ),
    )
  if (process.env.PREP_DEBUG)
    console.log(
      numTiers,
      await page.evaluate(() => {
        const k = Object.keys(localStorage).find((x) => x.startsWith('silo-query-cache:'))!
        const c = JSON.parse(localStorage.getItem(k)!) as {
          clientState: { queries: { queryKey: unknown[]; state: unknown }[] }
        }
        return c.clientState.queries
          .map((q) => [JSON.stringify(q.queryKey), JSON.stringify(q.state).length] as const)
          .sort((a, b) => b[1] - a[1])
          .slice(0, 12)
      }),
      [...urls.values()].filter((u) => u.includes('/web/')),
    )
  // The floor: the same bytes as one static file over the same link, from the same page.
  const floorMs = await page.evaluate(
    async ({ url, n }) => {
      await fetch(`${url}?n=1`).then((r) => r.arrayBuffer()) // the connection, as the app's is open
      const t0 = performance.now()
      await fetch(`${url}?n=${n}`).then((r) => r.arrayBuffer())
      return performance.now() - t0
    },
    { url: `${floorBase}/file`, n: prepared.bytes },
  )

  // A refresh with nothing changed: the app comes back to the foreground.
  const refreshBefore = { ...api, statuses: statuses.length }
  const asked = await page.evaluate(() => {
    for (const state of ['hidden', 'visible']) {
      Object.defineProperty(document, 'visibilityState', { value: state, configurable: true })
      document.dispatchEvent(new Event('visibilitychange'))
    }
    return performance.now()
  })
  await page.waitForFunction(() => performance.getEntriesByName('silo-preparation-end').length > 1, undefined, {
    timeout: 60_000,
    polling: 50,
  })
  const refreshedAt = (await endMarks())[1]!
  await page.waitForTimeout(300)
  await context.close()
  return {
    membre: label,
    'premier écran (s)': (shownAt / 1000).toFixed(1),
    'début après le premier écran (s)': ((startedAt - shownAt) / 1000).toFixed(2),
    'prêt après le premier écran (s)': ((readyAt - shownAt) / 1000).toFixed(2),
    'prêt après la réponse de connexion (s)': ((timeOrigin + Math.max(readyAt, shownAt) - answeredAt) / 1000).toFixed(
      2,
    ),
    requêtes: prepared.requests,
    'transféré (KB)': (prepared.bytes / 1024).toFixed(0),
    'plancher, même octets en un fichier (s)': (floorMs / 1000).toFixed(2),
    'IndexedDB estimate (KB)': kept.indexedDB < 0 ? '—' : (kept.indexedDB / 1024).toFixed(0),
    'instantané JSON UTF-16 (KB)': ((kept.snapshotChars * 2) / 1024).toFixed(0),
    'localStorage (KB)': ((kept.local * 2) / 1024).toFixed(0),
    'rafraîchissement : requêtes': statuses.length - refreshBefore.statuses,
    statuts: statuses.slice(refreshBefore.statuses).join(' '),
    'rafraîchissement (s)': ((refreshedAt - asked) / 1000).toFixed(2),
  }
}

const browser = await chromium.launch(chromiumLaunch)
const rows: Row[] = []
const dataDirs: string[] = []
try {
  const demoDir = tempDataDir('preparation')
  dataDirs.push(demoDir)
  const env: Record<string, string> = { DATA_DIR: demoDir, DIST_DIR: distDir }
  if (process.env.DATABASE_URL) env.DATABASE_URL = process.env.DATABASE_URL
  // Compiled, as `npm start` runs it (not through tsx).
  const demo = await startSilo({ port, env, stderr: 'inherit', compiled: true })
  try {
    await warmUp(`http://127.0.0.1:${port}`, WARM_UP_MEMBER)
    for (const numTiers of customers) rows.push(await measure(browser, `http://127.0.0.1:${port}`, numTiers, numTiers))
  } finally {
    await demo.stop()
  }
  if (cooperativeUrl) {
    const [numTiers, other] = (await largestMembers(cooperativeUrl, 2)) as [string, string]
    const coopDir = tempDataDir('preparation-coop')
    dataDirs.push(coopDir)
    const coop = await startSilo({
      port: port + 2,
      env: { DATA_DIR: coopDir, DIST_DIR: distDir, DATABASE_URL: cooperativeUrl, SEED: 'none' },
      stderr: 'inherit',
      compiled: true,
    })
    try {
      await warmUp(`http://127.0.0.1:${port + 2}`, other)
      rows.push(await measure(browser, `http://127.0.0.1:${port + 2}`, numTiers, `${numTiers} (le plus gros)`))
    } finally {
      await coop.stop()
    }
  }
  console.log(
    'Préparation hors connexion, lien 1,6 Mbit/s descendant, 750 kbit/s montant, 150 ms RTT (Chromium, CDP) :',
  )
  console.table(rows)
  console.log(
    'plancher : les mêmes octets (incompressibles) en un seul fichier statique, même lien, même page. ' +
      'UTF-16 : 2 octets par caractère, comme Chromium compte le quota des chaînes.',
  )
} finally {
  await browser.close()
  floorServer.close()
  for (const d of dataDirs) rmSync(d, { recursive: true, force: true })
}
