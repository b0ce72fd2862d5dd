// `npm run bench:cold-start` (issue 29, item 5; issue 50, item 3): the installed app started with
// no network on a slow phone. Farmer 100001 signs in once online in a Chromium profile of its own
// (the service worker installs and keeps the server's rendered history, sw/kept-history.ts), then
// the network is cut for real (a TCP proxy that refuses every connection: the page and its service
// worker alike) and the browser is closed. RUNS times, in turns with a floor: Chromium starts again
// on that profile, the CPU slowed 4× (DevTools' throttling, set before the navigation), opens Silo,
// and the bench notes when the first delivery card is on screen — in the page's own clock (from the
// navigation's start) and from the moment the browser was asked to start — and the first
// contentful paint. The floor: the same worker serving, by the same path, a static page of the same
// size (the kept page with its scripts made inert: <template> instead of <script>), put in its
// cache instead of the kept page before the launch (and the kept page put back before the next
// real run). Prints each run and the medians; asserts nothing.
//   DIST_DIR         the built app (default ./dist, built when missing)
//   COLD_START_PORT  the server's port (default 8196)
//   RUNS             relaunches of each (default 5)
//   FLOOR            0: no floor runs (a build without the kept page, e.g. an older Silo)
//   PROFILE_OUT      also write the last run's CPU profile there (a .cpuprofile DevTools opens)
//   TRACE_OUT        also write the last run's trace there (DevTools' Performance panel opens it)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type BrowserContext } from '@playwright/test'
import { NetworkSwitch } from '../e2e/network-switch'
import { builtApp, startSilo, tempDataDir } from '../support/silo'
import { chromiumLaunch } from '../chromium'
import { fillSignIn, firstCardAt, firstCardShown, watchFirstCard } from './support/history-page'

const port = Number(process.env.COLD_START_PORT ?? 8196)
const runs = Number(process.env.RUNS ?? 5)
const distDir = builtApp({ build: true })
const dataDir = tempDataDir('cold-start')
const profileDir = mkdtempSync(join(tmpdir(), 'silo-cold-start-chromium-'))
const server = await startSilo({ port, env: { DATA_DIR: dataDir, DIST_DIR: distDir }, stderr: 'inherit' })
const network = new NetworkSwitch({ host: '127.0.0.1', port })
const origin = `http://localhost:${await network.start()}`
/** The value below which this share of the runs fall (0.5: the median), as the runs give it. */
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * q + 0.5)]!
const median = (xs: number[]) => quantile(xs, 0.5)
/** The runs vary by a few hundred ms on a shared machine: the middle half says how much. */
const quartiles = (xs: number[]) => `${quantile(xs, 0.25).toFixed(0)}–${quantile(xs, 0.75).toFixed(0)} ms`

/** The kept page as the worker stored it: its body and headers. */
interface KeptCopy {
  key: string
  body: string
  headers: [string, string][]
}

const KEPT_CACHE = 'silo-historique-garde-v1'

/** Reads (put: null) or replaces the worker's kept page, from a page of the origin the worker
 * serves offline from its precache (the manifest: no app starts). */
async function keptCopy(put: KeptCopy | null): Promise<KeptCopy | null> {
  const context = await open()
  try {
    const tab = context.pages()[0] ?? (await context.newPage())
    await tab.goto(`${origin}/manifest.webmanifest`)
    return await tab.evaluate(
      async ({ name, put }) => {
        const cache = await caches.open(name)
        if (put) {
          await cache.put(put.key, new Response(put.body, { headers: put.headers }))
          return put
        }
        const [request] = await cache.keys()
        const response = request && (await cache.match(request))
        if (!request || !response) return null
        return { key: new URL(request.url).pathname, body: await response.text(), headers: [...response.headers] }
      },
      { name: KEPT_CACHE, put },
    )
  } finally {
    await context.close()
  }
}

const open = (): Promise<BrowserContext> =>
  chromium.launchPersistentContext(profileDir, {
    ...chromiumLaunch,
    headless: true,
    viewport: { width: 390, height: 844 },
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
  })

try {
  // Online, once: sign in, see the history, let the service worker take the page and the device
  // keep its copy (the query cache is written at most once a second; the preparation follows).
  const first = await open()
  await first.addCookies([{ name: 'COOKIE_CONSENT', value: 'true', url: origin }])
  const page = first.pages()[0] ?? (await first.newPage())
  await fillSignIn(page, origin)
  await page.click('button[type=submit]')
  await page
    .getByRole('heading', { name: /^Livré le / })
    .first()
    .waitFor()
  await page.waitForFunction(async () => Boolean((await navigator.serviceWorker.getRegistration())?.active), null, {
    timeout: 60_000,
  })
  await page.reload()
  await page
    .getByRole('heading', { name: /^Livré le / })
    .first()
    .waitFor()
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(3_000)
  await first.close()

  network.cut()
  const withFloor = process.env.FLOOR !== '0'
  const kept = withFloor ? await keptCopy(null) : null
  if (withFloor && !kept)
    throw new Error("Pas de page gardée par le service worker : FLOOR=0 pour une version qui n'en garde pas")
  // The floor: the same bytes, nothing to run (its data block and scripts inert, so no app starts).
  const floor: KeptCopy | null = kept && {
    ...kept,
    body: kept.body.replace(/<script\b/g, '<template').replace(/<\/script>/g, '</template>'),
  }
  if (kept && floor)
    console.log(`page gardée : ${kept.body.length} caractères ; plancher statique : ${floor.body.length} caractères`)
  const blank = () => ({ inPage: [] as number[], fromLaunch: [] as number[], fcp: [] as number[] })
  const figures = { real: blank(), floor: blank() }
  const turns: ('real' | 'floor')[] = []
  for (let r = 1; r <= runs; r++)
    turns.push(
      ...(!withFloor ? ['real' as const] : r % 2 ? (['real', 'floor'] as const) : (['floor', 'real'] as const)),
    )
  let i = 0
  for (const turn of turns) {
    i++
    if (kept && floor) await keptCopy(turn === 'floor' ? floor : kept)
    const launched = performance.now()
    const context = await open()
    await watchFirstCard(context)
    const tab = context.pages()[0] ?? (await context.newPage())
    const cdp = await context.newCDPSession(tab)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    const last = i === turns.length
    const profiled = Boolean(process.env.PROFILE_OUT) && last
    if (profiled) {
      await cdp.send('Profiler.enable')
      await cdp.send('Profiler.setSamplingInterval', { interval: 500 })
      await cdp.send('Profiler.start')
    }
    const traced = Boolean(process.env.TRACE_OUT) && last
    const traceEvents: unknown[] = []
    if (traced) {
      cdp.on('Tracing.dataCollected', ({ value }) => traceEvents.push(...value))
      await cdp.send('Tracing.start', {
        transferMode: 'ReportEvents',
        traceConfig: {
          includedCategories: [
            'devtools.timeline',
            'disabled-by-default-devtools.timeline',
            'toplevel',
            'loading',
            'v8',
            'blink',
            'ServiceWorker',
          ],
        },
      })
    }
    const shownEvent = firstCardShown(tab)
    await tab.goto(`${origin}/catalog/order_history`)
    await shownEvent
    const shown = performance.now()
    if (traced) {
      const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve))
      await cdp.send('Tracing.end')
      await complete
      writeFileSync(process.env.TRACE_OUT!, JSON.stringify({ traceEvents }))
    }
    if (profiled) writeFileSync(process.env.PROFILE_OUT!, JSON.stringify((await cdp.send('Profiler.stop')).profile))
    const shownAt = await firstCardAt(tab, Number.NaN)
    const fcp = await tab.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN)
    figures[turn].inPage.push(shownAt)
    figures[turn].fromLaunch.push(shown - launched)
    figures[turn].fcp.push(fcp)
    // Where the time went, in the page's clock: the service worker's start and answer, the
    // document parsed, the app's scripts (from the worker's cache) done loading.
    const steps = await tab.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming
      const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) =>
        /\.js$/.test(e.name),
      )
      const last = Math.max(0, ...scripts.map((e) => e.responseEnd))
      return `worker ${nav.workerStart.toFixed(0)}, page answered ${nav.responseEnd.toFixed(0)}, DOM ${nav.domInteractive.toFixed(0)}, scripts ${scripts.length} loaded by ${last.toFixed(0)}`
    })
    console.log(
      `${turn === 'floor' ? 'plancher' : 'run'} ${i}: history visible ${shownAt.toFixed(0)} ms after the navigation started (first contentful paint ${fcp.toFixed(0)}), ${(shown - launched).toFixed(0)} ms after the browser was launched (${steps})`,
    )
    await context.close()
  }
  if (kept) await keptCopy(kept)
  const { real } = figures
  console.log(
    `Démarrage à froid hors connexion (CPU 4×, ${runs} lancements, charge ${loadavg()[0]!.toFixed(2)}) : historique visible en ${median(real.inPage).toFixed(0)} ms médian depuis la navigation (quartiles ${quartiles(real.inPage)}), premier affichage ${median(real.fcp).toFixed(0)} ms, ${median(real.fromLaunch).toFixed(0)} ms depuis le lancement du navigateur (attempts refused by the cut: ${network.attemptsWhileCut})`,
  )
  if (withFloor) {
    const f = figures.floor
    console.log(
      `Plancher (page statique de même taille servie par le même service worker, ${runs} lancements en alternance) : visible en ${median(f.inPage).toFixed(0)} ms médian (quartiles ${quartiles(f.inPage)}), premier affichage ${median(f.fcp).toFixed(0)} ms, ${median(f.fromLaunch).toFixed(0)} ms depuis le lancement`,
    )
  }
} finally {
  await network.stop()
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(profileDir, { recursive: true, force: true })
}
