// Orders during a sign-in flood (issue 26): Silo on its embedded database, farmer 100001 sending
// orders over 10 connections (each its own Idempotency-Key and a valid order), first alone, then
// while 100 other clients send correct sign-ins, two ways:
// - "hammer": 100 connections that send the next sign-in as soon as an answer comes, whatever it
//   says (an attack, or a script that ignores Retry-After);
// - "polite": 100 clients that sign in again at once after an answer, but wait Retry-After after
//   a 503 or a 429, as the protocol asks (a crowd signing in at the same moment). Each sign-in comes from an
// address of its own (TRUSTED_PROXIES=1 and X-Forwarded-For), so no per-address counter stops
// the flood: what is measured is what the password hashing costs everyone else. Prints orders/s,
// p99, the sign-ins' answers, and the ratio of orders/s with and without the flood. Figures are
// printed, never asserted. The sign-ins are sent by a child process of their own, so that their
// client does not slow the orders' client (it still shares the machine's cores with Silo).
//
//   npm run bench:sign-in-flood
//   BENCH_DURATION=20 SIGN_INS=100 npm run bench:sign-in-flood
//   SILO_DIR=/path/to/other/checkout npm run bench:sign-in-flood   (the server of another checkout)
import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { rmSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon, { type Result } from 'autocannon'
import { signIn, startSilo, tempDataDir } from '../support/silo'
import { benchOrder } from '../support/orders'

const DURATION = Number(process.env.BENCH_DURATION ?? 15)
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3)
const ORDER_CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
const SIGN_INS = Number(process.env.SIGN_INS ?? 100)
const PORT = Number(process.env.BENCH_PORT ?? 8340)
const SILO_DIR = resolve(process.env.SILO_DIR ?? '.')
const NUM_TIERS = '100001'

interface Figures {
  rps: number
  p99: number
  ok: number
  other: number
  statuses: Record<string, number>
}

const figures = (r: Result): Figures => ({
  rps: r.requests.average,
  p99: r.latency.p99,
  ok: r['2xx'],
  other: r.non2xx + r.errors + r.timeouts,
  statuses: r.statusCodeStats
    ? Object.fromEntries(Object.entries(r.statusCodeStats).map(([k, v]) => [k, v.count]))
    : {},
})

let orderNo = 0

function orders(base: string, cookie: string, duration: number) {
  const headers = { cookie, origin: base, 'content-type': 'application/json' }
  return autocannon({
    url: `${base}/web/v1/tiers/${NUM_TIERS}/commandes`,
    connections: ORDER_CONNECTIONS,
    duration,
    headers,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => ({
          ...req,
          headers: { ...headers, 'Idempotency-Key': randomUUID() },
          body: JSON.stringify(benchOrder(orderNo++, 'flood', NUM_TIERS)),
        }),
      },
    ],
  })
}

let signInNo = 0

/** Correct sign-ins of 100001, each from an address of its own, without pause. */
function signIns(base: string, duration: number) {
  const headers = { origin: base, 'content-type': 'application/json' }
  const body = JSON.stringify({ username: NUM_TIERS, password: 'demo' })
  return autocannon({
    url: `${base}/security/login`,
    connections: SIGN_INS,
    duration,
    headers,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => {
          const n = signInNo++
          const address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`
          return { ...req, headers: { ...headers, 'x-forwarded-for': address }, body }
        },
      },
    ],
  })
}

/** 100 clients that honour Retry-After, each signing in again at once after any other answer. */
async function politeSignIns(base: string, duration: number): Promise<Figures> {
  const statuses: Record<string, number> = {}
  const latencies: number[] = []
  const until = performance.now() + duration * 1000
  const client = async () => {
    while (performance.now() < until) {
      const n = signInNo++
      const started = performance.now()
      const res = await fetch(`${base}/security/login`, {
        method: 'POST',
        headers: {
          origin: base,
          'content-type': 'application/json',
          'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
        },
        body: JSON.stringify({ username: NUM_TIERS, password: 'demo' }),
      }).catch(() => null)
      latencies.push(performance.now() - started)
      const status = String(res?.status ?? 'error')
      statuses[status] = (statuses[status] ?? 0) + 1
      await res?.arrayBuffer().catch(() => null)
      const wait = Number(res?.headers.get('retry-after') ?? 0)
      if (res && (res.status === 503 || res.status === 429) && wait > 0)
        await new Promise((r) => setTimeout(r, Math.min(wait * 1000, until - performance.now())))
    }
  }
  await Promise.all(Array.from({ length: SIGN_INS }, client))
  latencies.sort((a, b) => a - b)
  return {
    rps: latencies.length / duration,
    p99: Math.round(latencies[Math.floor(latencies.length * 0.99)] ?? 0),
    ok: statuses['200'] ?? 0,
    other: latencies.length - (statuses['200'] ?? 0),
    statuses,
  }
}

type Mode = 'hammer' | 'polite'

/** The flood, from a child process running this file with `--flood <mode> <base> <seconds>`. */
function floodFromChild(mode: Mode, base: string, duration: number): Promise<Figures> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), '--flood', mode, base, String(duration)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  let out = ''
  child.stdout.on('data', (d: Buffer) => (out += d.toString()))
  return new Promise((done, fail) =>
    child.once('exit', (code) =>
      code === 0 ? done(JSON.parse(out) as Figures) : fail(new Error(`flood exited ${code}`)),
    ),
  )
}

async function main() {
  const dataDir = tempDataDir('sign-in-flood')
  const silo = await startSilo({
    port: PORT,
    cwd: SILO_DIR,
    env: { DATA_DIR: dataDir, DATABASE_URL: '', TRUSTED_PROXIES: '1', DIST_DIR: '/nonexistent' },
    stderr: 'inherit',
  })
  try {
    const cookie = await signIn(silo.base, NUM_TIERS)
    // Unrecorded: the JIT of a fresh process would weigh on whichever phase goes first.
    await Promise.all([orders(silo.base, cookie, WARMUP), floodFromChild('hammer', silo.base, WARMUP)])
    const pause = () => new Promise((r) => setTimeout(r, 2000))
    await pause()
    const alone = figures(await orders(silo.base, cookie, DURATION))
    const rows: Array<[string, Figures, Figures | null]> = [['alone', alone, null]]
    for (const mode of ['hammer', 'polite'] as const) {
      await pause()
      const [during, flood] = await Promise.all([
        orders(silo.base, cookie, DURATION).then(figures),
        floodFromChild(mode, silo.base, DURATION),
      ])
      rows.push([`with ${SIGN_INS} sign-ins, ${mode}`, during, flood])
    }
    console.log(`\nSilo ${SILO_DIR}, orders over ${ORDER_CONNECTIONS} connections, ${DURATION} s each\n`)
    console.log(
      ['orders', 'orders/s', 'p99 ms', 'not 2xx', '÷ alone', 'sign-in answers/s', 'signed in', 'answers'].join(' | '),
    )
    for (const [name, o, f] of rows)
      console.log(
        [
          name,
          o.rps.toFixed(1),
          o.p99,
          o.other,
          (o.rps / alone.rps).toFixed(2),
          f ? f.rps.toFixed(1) : '',
          f ? f.ok : '',
          f ? JSON.stringify(f.statuses) : '',
        ].join(' | '),
      )
    console.log('\nGoal: orders/s with the flood ÷ alone ≥ 0.5')
  } finally {
    await silo.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

const [flag, floodMode, floodBase, floodSeconds] = process.argv.slice(2)
if (flag === '--flood') {
  const seconds = Number(floodSeconds)
  const result =
    floodMode === 'polite' ? await politeSignIns(floodBase!, seconds) : figures(await signIns(floodBase!, seconds))
  process.stdout.write(JSON.stringify(result))
} else await main()
