// `npm run bench:web`: Lighthouse's mobile preset (simulated slow 4G, 4× CPU slowdown) three times
// on `/login` (a first visit: no cookie at all) and on the signed-in Historique (`/`, farmer
// 100001, cookie consent accepted), printing the medians of performance, LCP, TBT and CLS and the
// largest element of each run. It builds the app when dist/ is missing, starts the real server on
// a fresh database, and prints figures only: timings are never asserted (a shared machine makes
// them noisy; quote medians).
//   DIST_DIR        the built app (default ./dist)
//   WEB_BENCH_PORT  the server's port (default 8198); Chromium's debugging port is the next one
//   RUNS            runs per page (default 3)
//   REPORT_DIR      when set, each run's Lighthouse report (JSON) and trace are written there, to read why
//   PAGES           `login`, `historique` or both (default): which pages to audit
//   CONSENT         0: Historique without the cookie consent in the browser (a first visit: the
//                   cookie notice is on the page; issue 50's figures)
//   WEB_COOPERATIVE_URL  the Historique of the largest member (most delivery lines) of the synthetic
//                   cooperative in this database instead of 100001's (a server on it, SEED=none;
//                   the bench gives that member the password 'demo': use a bench database)
// The machine's load (1-minute average) is printed before and after each page's runs: quote it
// beside the medians (a loaded machine lengthens every task Lighthouse multiplies by 4).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import lighthouse from 'lighthouse'
import { chromium } from '@playwright/test'
import { builtApp, signIn, startSilo, tempDataDir } from '../support/silo'
import { CHROMIUM_ARGS } from '../chromium'
import { largestMember } from './support/largest-member'

const port = Number(process.env.WEB_BENCH_PORT ?? 8198)
const debugPort = port + 1
const runs = Number(process.env.RUNS ?? 3)
const distDir = builtApp({ build: true })
const origin = `http://127.0.0.1:${port}`

const dataDir = tempDataDir('web-bench')
const profileDir = mkdtempSync(join(tmpdir(), 'silo-web-bench-chromium-'))
const cooperativeUrl = process.env.WEB_COOPERATIVE_URL
const member = cooperativeUrl ? await largestMember(cooperativeUrl) : '100001'
const server = await startSilo({
  port,
  env: {
    DATA_DIR: dataDir,
    DIST_DIR: distDir,
    ...(cooperativeUrl ? { DATABASE_URL: cooperativeUrl, SEED: 'none' } : {}),
  },
  stderr: 'inherit',
})

interface Figures {
  score: number
  lcp: number
  tbt: number
  cls: number
  fcp: number
  lcpElement: string
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

process.on('exit', () => server.child.kill('SIGTERM'))

// A persistent context is Chromium's default one: the cookies set here are those of the tab
// Lighthouse opens through the debugging port.
const context = await chromium.launchPersistentContext(profileDir, {
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [`--remote-debugging-port=${debugPort}`, ...CHROMIUM_ARGS],
})

/** The LCP element: the one `node` item somewhere in the LCP breakdown insight's details. */
function findNode(value: unknown): { snippet?: string } | undefined {
  if (!value || typeof value !== 'object') return undefined
  if ((value as { type?: unknown }).type === 'node') return value as { snippet?: string }
  for (const child of Object.values(value)) {
    const found = findNode(child)
    if (found) return found
  }
  return undefined
}

async function audit(path: string): Promise<Figures> {
  const result = await lighthouse(
    `${origin}${path}`,
    { port: debugPort, output: 'json', logLevel: 'error' },
    {
      extends: 'lighthouse:default',
      settings: {
        onlyCategories: ['performance'],
        // Every run is a first open: the persisted query cache and Dexie go too, not only the
        // service worker and its caches (Lighthouse's default keeps localStorage and IndexedDB).
        clearStorageTypes: [
          'file_systems',
          'shader_cache',
          'service_workers',
          'cache_storage',
          'local_storage',
          'indexeddb',
        ],
      },
    },
  )
  if (!result) throw new Error('Lighthouse returned nothing')
  const { lhr } = result
  if (process.env.REPORT_DIR) {
    mkdirSync(process.env.REPORT_DIR, { recursive: true })
    writeFileSync(
      join(process.env.REPORT_DIR, `${path.replaceAll('/', '_') || '_'}-${Date.now()}.json`),
      JSON.stringify(lhr),
    )
    // The trace too (open it in DevTools' Performance panel): what each long task was made of.
    const trace = (result.artifacts as { Trace?: unknown }).Trace
    if (trace)
      writeFileSync(
        join(process.env.REPORT_DIR, `${path.replaceAll('/', '_') || '_'}-${Date.now()}.trace.json`),
        JSON.stringify(trace),
      )
  }
  if (lhr.runtimeError) throw new Error(lhr.runtimeError.message)
  const audits = lhr.audits
  return {
    score: lhr.categories.performance?.score ?? 0,
    lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbt: audits['total-blocking-time']?.numericValue ?? NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
    fcp: audits['first-contentful-paint']?.numericValue ?? NaN,
    lcpElement: (findNode(audits['lcp-breakdown-insight']?.details)?.snippet ?? '?').slice(0, 80),
  }
}

const load = () => loadavg()[0]!.toFixed(2)
const pages = (process.env.PAGES ?? 'login,historique').split(',')

async function bench(label: string, path: string) {
  const loadBefore = load()
  const all: Figures[] = []
  for (let i = 0; i < runs; i++) {
    // A loaded machine sometimes loses the trace (NO_NAVSTART): such a run is run again, once.
    all.push(await audit(path).catch((e: Error) => (console.warn(`run again: ${e.message}`), audit(path))))
  }
  console.log(`\n${label} (${path}), ${runs} runs, Lighthouse mobile:`)
  console.table(
    all.map((f) => ({
      perf: f.score.toFixed(2),
      'FCP ms': Math.round(f.fcp),
      'LCP ms': Math.round(f.lcp),
      'TBT ms': Math.round(f.tbt),
      CLS: f.cls.toFixed(3),
      'LCP element': f.lcpElement,
    })),
  )
  console.log(
    `${label} médianes : performance ${median(all.map((f) => f.score)).toFixed(2)}, LCP ${(median(all.map((f) => f.lcp)) / 1000).toFixed(2)} s, ` +
      `TBT ${Math.round(median(all.map((f) => f.tbt)))} ms, CLS ${median(all.map((f) => f.cls)).toFixed(3)} ` +
      `(charge de la machine ${loadBefore} → ${load()})`,
  )
}

try {
  await context.clearCookies()
  if (pages.includes('login')) await bench('/login', '/login')
  const session = (await signIn(origin, member)).slice('silo_session='.length)
  const consent = process.env.CONSENT !== '0'
  await context.addCookies([
    { name: 'silo_session', value: session, domain: '127.0.0.1', path: '/', httpOnly: true, sameSite: 'Lax' },
    ...(consent
      ? [{ name: 'COOKIE_CONSENT', value: 'true', domain: '127.0.0.1', path: '/', sameSite: 'Lax' as const }]
      : []),
  ])
  const label = `Historique de ${member}${consent ? '' : ' sans consentement'}`
  if (pages.includes('historique')) await bench(label, '/')
} finally {
  await context.close()
  // The server stops its embedded PostgreSQL on SIGTERM: its folder goes once both have stopped.
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(profileDir, { recursive: true, force: true })
}
