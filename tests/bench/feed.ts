// The order feed under load (issue 41): one Silo on a fresh database of the PostgreSQL server at
// DATABASE_URL (else postgres://postgres@127.0.0.1:5432/test), an API key, then
//   1. orders placed at a fixed BENCH_FEED_RATE per second (100) for BENCH_DURATION seconds (15)
//      while an ERP polls the feed: the feed's lag, from the moment the order's transaction took
//      its position (commande_flux.ecrit_a, just before its commit) to the moment the ERP had it;
//   2. orders placed as fast as BENCH_CONNECTIONS senders (10) go, while the ERP reads the whole
//      feed from its start again and again: orders placed per second, orders read per second.
// Figures are printed, never asserted.
//
//   npm run bench:feed
//   BENCH_FEED_RATE=50 BENCH_DURATION=10 npm run bench:feed
import { randomBytes, randomUUID } from 'node:crypto'
import pg from 'pg'
import type { FluxCommandes } from '../../src/contract/integration'
import { digest } from '../../src/server/services/api-keys'
import { freePort, signIn, startSilo } from '../support/silo'
import { benchOrder } from '../support/orders'

const RATE = Number(process.env.BENCH_FEED_RATE ?? 100)
const DURATION = Number(process.env.BENCH_DURATION ?? 15)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
const ADMIN_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test'
const KEY = `silo_${randomBytes(32).toString('base64url')}`
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const MAX_IN_FLIGHT = 32

const quantile = (values: number[], q: number) => {
  const s = [...values].sort((a, b) => a - b)
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))]! : NaN
}
const ms = (n: number) => `${Math.round(n)} ms`

async function admin<T extends pg.QueryResultRow>(url: string, text: string, values?: unknown[]) {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    return (await c.query<T>(text, values)).rows
  } finally {
    await c.end()
  }
}

async function main() {
  const name = `silo_bench_feed_${randomBytes(4).toString('hex')}`
  await admin(ADMIN_URL, `create database ${name}`)
  const url = new URL(ADMIN_URL)
  url.pathname = `/${name}`
  const silo = await startSilo({
    port: await freePort(),
    env: { DATABASE_URL: url.toString(), DIST_DIR: '/nonexistent-silo-dist', INTEGRATION_RATE_LIMIT: '10000000' },
    stdout: 'ignore',
    ready: '/public/infos/pret',
  })
  try {
    await admin(url.toString(), `insert into api_keys (nom, empreinte, prefixe) values ('bench', $1, $2)`, [
      digest(KEY),
      KEY.slice(0, 12),
    ])
    const cookie = await signIn(silo.base)
    let n = 0
    let busy = 0
    /** One order, sent again (same key) after a 503 "busy", as the app's outbox does. */
    const place = async () => {
      const key = randomUUID()
      const body = JSON.stringify(benchOrder(n++, 'bench feed'))
      for (;;) {
        const res = await fetch(`${silo.base}/web/v1/tiers/100001/commandes`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: silo.base, cookie, 'Idempotency-Key': key },
          body,
        })
        const text = await res.text()
        if (res.status === 201) return
        if (res.status !== 503 && !(res.status === 409 && text.includes('IDEMPOTENCE_EN_COURS')))
          throw new Error(`order: ${res.status} ${text}`)
        busy++
        await sleep(100)
      }
    }
    const readPage = async (apres: string, limite = 500): Promise<FluxCommandes> => {
      for (;;) {
        const res = await fetch(`${silo.base}/api/integration/v1/commandes?apres=${apres}&limite=${limite}`, {
          headers: { authorization: `Bearer ${KEY}` },
        })
        if (res.status === 200) return (await res.json()) as FluxCommandes
        const text = await res.text()
        if (res.status !== 503) throw new Error(`feed: ${res.status} ${text}`)
        busy++
        await sleep(100)
      }
    }
    // Warm-up: a few orders, and the cursor at the end of the feed.
    for (let i = 0; i < 20; i++) await place()
    let cursor = '0'
    for (let page = await readPage(cursor); ; page = await readPage(cursor)) {
      cursor = page.suivant
      if (!page.encore) break
    }

    // 1. Lag at a fixed rate.
    const receivedAt = new Map<number, number>()
    let placing = true
    const poller = (async () => {
      for (;;) {
        const finished = !placing
        const page = await readPage(cursor)
        const now = Date.now()
        for (const c of page.commandes) receivedAt.set(c.position, now)
        cursor = page.suivant
        if (page.encore) continue
        if (finished) return
        await sleep(5)
      }
    })()
    const started = performance.now()
    const inFlight = new Set<Promise<void>>()
    const total = RATE * DURATION
    for (let i = 0; i < total; i++) {
      const due = started + (i * 1000) / RATE
      const wait = due - performance.now()
      if (wait > 0) await sleep(wait)
      // At most MAX_IN_FLIGHT orders under way: a server slower than the rate is then shown by
      // the achieved rate, not by a queue that grows without end.
      while (inFlight.size >= MAX_IN_FLIGHT) await Promise.race(inFlight)
      const p: Promise<void> = place().finally(() => inFlight.delete(p))
      inFlight.add(p)
    }
    await Promise.all(inFlight)
    const placedIn = (performance.now() - started) / 1000
    placing = false
    await poller
    const written = await admin<{ position: string; at: string }>(
      url.toString(),
      `select position::text, (extract(epoch from ecrit_a) * 1000)::float8::text as at from commande_flux where position = any($1::bigint[])`,
      [[...receivedAt.keys()]],
    )
    const lags = written.map((r) => receivedAt.get(Number(r.position))! - Number(r.at))
    console.log(
      `1. ${total} orders at ${RATE}/s requested (${(total / placedIn).toFixed(1)}/s achieved, ${busy} answers 503 sent again), ERP polling every 5 ms when idle:`,
    )
    console.log(
      `   feed lag (position taken → ERP has it): p50 ${ms(quantile(lags, 0.5))}, p95 ${ms(quantile(lags, 0.95))}, p99 ${ms(quantile(lags, 0.99))}, max ${ms(Math.max(...lags))} over ${lags.length} orders`,
    )

    // 2. Saturation: placing as fast as CONNECTIONS senders go, reading the whole feed meanwhile.
    let stop = false
    let placed = 0
    const sender = async () => {
      while (!stop) {
        await place()
        placed++
      }
    }
    let read = 0
    let passes = 0
    const reader = async () => {
      while (!stop) {
        let c = '0'
        for (;;) {
          const page = await readPage(c)
          read += page.commandes.length
          c = page.suivant
          if (!page.encore || stop) break
        }
        passes++
      }
    }
    // How many orders' commits wait on the feed's lock at a time (pg_stat_activity, every 50 ms):
    // what serialising the commits costs.
    const waiting: number[] = []
    const watcher = new pg.Client({ connectionString: url.toString() })
    await watcher.connect()
    const watch = (async () => {
      while (!stop) {
        const { rows } = await watcher.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and wait_event = 'advisory'`,
        )
        waiting.push(rows[0]!.n)
        await sleep(50)
      }
    })()
    const t0 = performance.now()
    const running = [...Array.from({ length: CONNECTIONS }, sender), reader()]
    await sleep(DURATION * 1000)
    stop = true
    await Promise.all([...running, watch])
    await watcher.end()
    const secs = (performance.now() - t0) / 1000
    const size = (await admin<{ size: string }>(url.toString(), `select count(*)::text as size from commande_flux`))[0]
      ?.size
    console.log(
      `2. ${CONNECTIONS} senders for ${secs.toFixed(1)} s: ${(placed / secs).toFixed(1)} orders placed/s; one ERP reading the whole feed (500 per page, ${passes} passes, ${size} orders at the end): ${Math.round(read / secs)} orders read/s`,
    )
    const avg = waiting.reduce((a, b) => a + b, 0) / Math.max(1, waiting.length)
    console.log(
      `   commits waiting on the feed's lock: ${avg.toFixed(2)} on average, ${Math.max(0, ...waiting)} at most (${waiting.length} samples)`,
    )
  } finally {
    await silo.stop()
    await admin(ADMIN_URL, `drop database if exists ${name} with (force)`)
  }
}

await main()
