// Does a server render free what it used? (issue 42). Silo, compiled as `npm start` runs it, with a
// bounded heap, receives from plain HTTP clients (autocannon: keep-alive, and no Accept-Encoding
// unless said) one round after the other:
//   20,000 anonymous GET /login, uncompressed, then 20,000 asking for gzip and brotli;
//   5,000 signed-in Historique renders (farmer 100001), uncompressed, then 5,000 compressed.
// Before the first round and after each, two full garbage collections in the server (a bench-only
// hook, tests/bench/support/memory-probe.mjs, on SIGUSR2), then its RSS and heap. The goal: each
// kind of page ends within 50 MB of its start. Figures are printed, never asserted.
//
//   npm run bench:memory
//   LOGIN_PAGES=5000 HISTORY_PAGES=1000 HEAP_MB=256 npm run bench:memory
//   DATABASE_URL=postgres://… npm run bench:memory          (PostgreSQL rather than the embedded one)
import { rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { builtApp, freePort, signIn, startSilo, tempDataDir, type RunningSilo } from '../support/silo'

const LOGIN_PAGES = Number(process.env.LOGIN_PAGES ?? 20_000)
const HISTORY_PAGES = Number(process.env.HISTORY_PAGES ?? 5_000)
const HEAP_MB = Number(process.env.HEAP_MB ?? 256)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8)
const GOAL_MB = 50
const PROBE = fileURLToPath(new URL('./support/memory-probe.mjs', import.meta.url))

interface Memory {
  rss: number
  heapUsed: number
}
const mb = (bytes: number) => bytes / 1024 / 1024

/** The server's memory after two full collections (the probe's answer to SIGUSR2). */
async function memoryOf(silo: RunningSilo): Promise<Memory> {
  const marker = 'SILO_MEMORY '
  const before = silo.output().split(marker).length
  process.kill(silo.child.pid!, 'SIGUSR2')
  for (let i = 0; i < 100; i++) {
    const parts = silo.output().split(marker)
    if (parts.length > before) return JSON.parse(parts.at(-1)!.split('\n')[0]!) as Memory
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error('the memory probe did not answer (is --expose-gc and the probe loaded?)')
}

async function round(url: string, amount: number, headers: Record<string, string>) {
  const result = await autocannon({ url, amount, connections: CONNECTIONS, headers })
  return { rps: result.requests.average, ok: result['2xx'], other: result.non2xx + result.errors + result.timeouts }
}

const dataDir = process.env.DATABASE_URL ? null : tempDataDir('memory')
const port = await freePort()
const silo = await startSilo({
  port,
  compiled: true,
  nodeArgs: ['--expose-gc', `--max-old-space-size=${HEAP_MB}`, '--import', PROBE],
  env: { ...(dataDir ? { DATA_DIR: dataDir } : {}), DIST_DIR: builtApp({ build: true }) },
  stdout: 'ignore',
  stderr: 'pipe',
})
try {
  const base = silo.base
  const cookie = await signIn(base, '100001')
  const history = await fetch(`${base}/catalog/order_history`, { headers: { cookie } }).then((r) => r.text())
  if (!history.includes('Livré le')) console.warn('attention : la Historique n’est pas rendue par le serveur')
  const compressed: Record<string, string> = { 'accept-encoding': 'gzip, br' }
  const none: Record<string, string> = {}
  const plan = [
    {
      kind: 'connexion',
      label: `${LOGIN_PAGES} GET /login, sans compression`,
      url: `${base}/login`,
      amount: LOGIN_PAGES,
      headers: none,
    },
    {
      kind: 'connexion',
      label: `${LOGIN_PAGES} GET /login, gzip/br`,
      url: `${base}/login`,
      amount: LOGIN_PAGES,
      headers: compressed,
    },
    {
      kind: 'historique',
      label: `${HISTORY_PAGES} Historique (100001), sans compression`,
      url: `${base}/catalog/order_history`,
      amount: HISTORY_PAGES,
      headers: { cookie },
    },
    {
      kind: 'historique',
      label: `${HISTORY_PAGES} Historique (100001), gzip/br`,
      url: `${base}/catalog/order_history`,
      amount: HISTORY_PAGES,
      headers: { cookie, ...compressed },
    },
  ]
  // A short warm-up of each page first: what the first renders load once (modules, the shell,
  // the stylesheet) is not what a leak is.
  await round(`${base}/login`, 200, {})
  await round(`${base}/catalog/order_history`, 100, { cookie })
  const start = await memoryOf(silo)
  console.log(
    `Silo (heap max ${HEAP_MB} MB), ${CONNECTIONS} connexions keep-alive ; après GC au départ : RSS ${mb(start.rss).toFixed(0)} MB, tas ${mb(start.heapUsed).toFixed(1)} MB`,
  )
  // Each kind of page: from the memory before its first round to the memory after its last.
  const span = new Map<string, { from: Memory; to: Memory }>()
  let last = start
  for (const step of plan) {
    const from = span.get(step.kind)?.from ?? last
    const r = await round(step.url, step.amount, step.headers)
    last = await memoryOf(silo)
    span.set(step.kind, { from, to: last })
    console.log(
      `${step.label.padEnd(44)} ${r.rps.toFixed(0).padStart(5)} req/s  2xx ${r.ok}  autres ${r.other}  ` +
        `→ RSS ${mb(last.rss).toFixed(0)} MB, tas ${mb(last.heapUsed).toFixed(1)} MB`,
    )
  }
  for (const [kind, { from, to }] of span) {
    const rss = mb(to.rss - from.rss)
    const heap = mb(to.heapUsed - from.heapUsed)
    const signed = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(1)}`
    console.log(
      `${kind.padEnd(11)} RSS ${signed(rss)} MB, tas ${signed(heap)} MB après GC ` +
        `(objectif : moins de ${GOAL_MB} MB) ${Math.abs(rss) <= GOAL_MB ? 'OK' : 'AU-DELÀ'}`,
    )
  }
} finally {
  await silo.stop()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
}
