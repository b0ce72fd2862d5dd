// The API under load on the embedded database and on PostgreSQL at DATABASE_URL, side by side in
// one run: Silo is started on each (demo seed), then autocannon (10 connections) drives, for
// BENCH_DURATION seconds each (in two halves, A B B A, so neither server always goes first):
// Historique (livraisons), the referentiel, the current orders and order creation (each request
// its own Idempotency-Key and a valid order). It prints requests/s, p50 and p99 latency, the
// answers other than 2xx, and the memory of the Node process and of the PostgreSQL processes
// (proportional set size, so shared memory is counted once). Timings are printed, never
// asserted. Each case first runs BENCH_WARMUP seconds (2) unrecorded.
//
//   npm run bench:api                       (DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test)
//   BENCH_DURATION=5 BENCH_CASES=Historique,referentiel npm run bench:api
//   SILO_DIR=/path/to/other/checkout npm run bench:api    (the server of another checkout)
//   BENCH_RATE=200 BENCH_CASES=Historique npm run bench:api  (a fixed 200 requests/s in all, to
//                                           read p99 at the goal's rate rather than at saturation)
//   BENCH_DURATION=10 BENCH_CASES='grouped reads' npm run bench:api
//   BENCH_CASES=feed npm run bench:api      (the order feed alone: tests/bench/feed.ts, last)
//   BENCH_COOPERATIVE=1 DATABASE_URL=…/coop npm run bench:api   (the API at a cooperative's size, on
//                                           an imported cooperative: tests/bench/api-cooperative.ts)
//
// The last run, 'grouped reads' (issue 42): the order creation's rate alone, then while another
// session of the same farmer sends groups of LECTURES_MAX reads (POST /web/v1/lectures) back to
// back on BENCH_GROUP_CONNECTIONS connections (8), Retry-After ignored; each in two halves, A B B
// A, the server left to finish its work before each "alone" (a server that goes on answering the
// groups of connections closed is busy long after: printed too). Printed side by side with their
// ratio (the goal: at least 0.5) and the groups' answers.
//
// The external server is shared (other databases, other clients): its memory is the whole server.
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import autocannon from 'autocannon'
import pg from 'pg'
import { livraisonsPageSearch, livraisonsPath } from '../../src/contract/livraisons'
import { signIn, startSilo as start } from '../support/silo'
import { benchOrder } from '../support/orders'
import { floodGroups, preparationGroup, type GroupFlood } from './support/grouped-reads'

const DURATION = Number(process.env.BENCH_DURATION ?? 10)
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
const RATE = process.env.BENCH_RATE ? Number(process.env.BENCH_RATE) : undefined
const SILO_DIR = resolve(process.env.SILO_DIR ?? '.')
const ADMIN_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test'
const NUM_TIERS = '100001'
const GROUP_CONNECTIONS = Number(process.env.BENCH_GROUP_CONNECTIONS ?? 8)
const GROUPED = 'grouped reads'

interface Target {
  name: string
  env: Record<string, string>
  postgresPids(): number[]
  cleanup(): Promise<void>
}

function pss(pid: number): number {
  try {
    const m = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))
    return m ? Number(m[1]) * 1024 : 0
  } catch {
    return 0
  }
}

function childrenOf(parent: number): number[] {
  return readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .map(Number)
    .filter((p) => {
      try {
        const stat = readFileSync(`/proc/${p}/stat`, 'utf8')
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent
      } catch {
        return false
      }
    })
}

const postmasterTree = (pidFile: string) => () => {
  if (!existsSync(pidFile)) return []
  const postmaster = Number(readFileSync(pidFile, 'utf8').split('\n')[0])
  return [postmaster, ...childrenOf(postmaster)]
}

function embedded(): Target {
  const dataDir = mkdtempSync(join(tmpdir(), 'silo-bench-'))
  // Silo of another checkout may still be on PGlite: its memory is then all in Node.
  return {
    name: 'embedded',
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    postgresPids: postmasterTree(join(dataDir, 'postgresql', 'postmaster.pid')),
    cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
  }
}

async function external(): Promise<Target | null> {
  const name = `silo_bench_${randomBytes(4).toString('hex')}`
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: ADMIN_URL })
    await c.connect()
    try {
      return await c.query(sql)
    } finally {
      await c.end()
    }
  }
  try {
    await admin(`create database ${name}`)
  } catch (err) {
    console.log(
      `(no PostgreSQL at ${ADMIN_URL.replace(/:[^:@/]*@/, ':***@')}: ${(err as Error).message}; embedded only)`,
    )
    return null
  }
  const dataDirRow = await admin('show data_directory').catch(() => null)
  const pidFile = dataDirRow ? join(String(dataDirRow.rows[0].data_directory), 'postmaster.pid') : ''
  const url = new URL(ADMIN_URL)
  url.pathname = `/${name}`
  return {
    name: 'DATABASE_URL',
    env: { DATABASE_URL: url.toString() },
    postgresPids: postmasterTree(pidFile),
    cleanup: async () => void (await admin(`drop database if exists ${name} with (force)`)),
  }
}

const startSilo = async (target: Target, port: number): Promise<ChildProcess> =>
  (await start({ port, env: target.env, cwd: SILO_DIR, stderr: 'inherit' })).child

let orderNo = 0
const order = () => benchOrder(orderNo++, 'bench', NUM_TIERS)

interface Case {
  name: string
  path: string
  post?: boolean
}
const CASES: Case[] = [
  // The history's first page as the app asks it (12 lines; a server before paging ignores limite).
  { name: 'Historique', path: livraisonsPath(NUM_TIERS) + livraisonsPageSearch() },
  { name: 'referentiel', path: `/web/v1/referentiel?numTiers=${NUM_TIERS}` },
  { name: 'current orders', path: `/web/v1/tiers/${NUM_TIERS}/commandes/commandes-en-cours` },
  // Last: the orders it creates lengthen the current orders.
  { name: 'order creation', path: `/web/v1/tiers/${NUM_TIERS}/commandes`, post: true },
]

interface Row {
  target: string
  case: string
  rps: number
  p50: number
  p99: number
  other: number
  node: number
  postgres: number
}

interface Running {
  target: Target
  silo: ChildProcess
  base: string
  cookie: string
}

/** One case on one running Silo. */
async function measure(r: Running, c: Case, duration = DURATION): Promise<Row> {
  let node = 0
  let postgres = 0
  const sample = setInterval(() => {
    node = Math.max(node, pss(r.silo.pid!))
    postgres = Math.max(
      postgres,
      r.target.postgresPids().reduce((sum, pid) => sum + pss(pid), 0),
    )
  }, 250)
  const headers = { cookie: r.cookie, origin: r.base, 'content-type': 'application/json' }
  const result = await autocannon({
    url: `${r.base}${c.path}`,
    connections: CONNECTIONS,
    duration,
    headers,
    ...(RATE ? { overallRate: RATE } : {}),
    requests: c.post
      ? [
          {
            method: 'POST',
            setupRequest: (req) => ({
              ...req,
              headers: { ...headers, 'Idempotency-Key': randomUUID() },
              body: JSON.stringify(order()),
            }),
          },
        ]
      : [{ method: 'GET' }],
  })
  clearInterval(sample)
  return {
    target: r.target.name,
    case: c.name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    other: result.non2xx + result.errors + result.timeouts,
    node,
    postgres,
  }
}

/** Two halves of one case: mean throughput and median, the worse p99, the higher memory. */
const combine = (a: Row, b: Row): Row => ({
  ...a,
  rps: (a.rps + b.rps) / 2,
  p50: (a.p50 + b.p50) / 2,
  p99: Math.max(a.p99, b.p99),
  other: a.other + b.other,
  node: Math.max(a.node, b.node),
  postgres: Math.max(a.postgres, b.postgres),
})

interface GroupedRow {
  target: string
  alone: Row
  during: Row
  /** Seconds the server went on working once the groups' clients had stopped. */
  drain: number
  groups: GroupFlood
}

const ORDERS = CASES.find((c) => c.post)!

/** Milliseconds of CPU this process has used (utime + stime, in clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return 0
  }
}

/** Waits until the server has finished what its clients left (the groups of a connection closed go
 * on unless the server stops them): under 5 % of a core for a second, 120 s at most. Returns the
 * seconds waited. */
async function untilIdle(r: Running): Promise<number> {
  const started = performance.now()
  let last = cpuMs(r.silo.pid!)
  while (performance.now() - started < 120_000) {
    await new Promise((done) => setTimeout(done, 1_000))
    const now = cpuMs(r.silo.pid!)
    if (now - last < 50) break
    last = now
  }
  return (performance.now() - started) / 1000
}

/** Orders alone, then orders while one session sends groups back to back: A B B A, half each; the
 * server left to finish its work before each "alone". */
async function measureGrouped(r: Running): Promise<GroupedRow> {
  // The groups' own session (the farmer signed in on another device): orders keep theirs.
  const groupCookie = await signIn(r.base, NUM_TIERS)
  const chemins = await preparationGroup(r.base, groupCookie, NUM_TIERS)
  const half = DURATION / 2
  // Unrecorded, as every case: the orders, and a few groups one after the other from a session of
  // their own (their budget spent here is not the measured session's).
  const warmCookie = await signIn(r.base, NUM_TIERS)
  await Promise.all([
    measure(r, ORDERS, WARMUP),
    floodGroups(r.base, warmCookie, chemins, { connections: 1, duration: WARMUP }),
  ])
  await untilIdle(r)
  const during = async () => {
    const [orders, groups] = await Promise.all([
      measure(r, ORDERS, half),
      floodGroups(r.base, groupCookie, chemins, { connections: GROUP_CONNECTIONS, duration: half }),
    ])
    return { orders, groups }
  }
  const alone1 = await measure(r, ORDERS, half)
  const during1 = await during()
  const during2 = await during()
  const drain = await untilIdle(r)
  const alone2 = await measure(r, ORDERS, half)
  const perSecond: Record<string, number> = {}
  for (const g of [during1.groups, during2.groups])
    for (const [status, n] of Object.entries(g.perSecond)) perSecond[status] = (perSecond[status] ?? 0) + n / 2
  return {
    target: r.target.name,
    alone: combine(alone1, alone2),
    during: combine(during1.orders, during2.orders),
    drain,
    groups: {
      perSecond,
      readsPerSecond: (during1.groups.readsPerSecond + during2.groups.readsPerSecond) / 2,
      p50: (during1.groups.p50 + during2.groups.p50) / 2,
      p99: Math.max(during1.groups.p99, during2.groups.p99),
      unanswered: (during1.groups.unanswered + during2.groups.unanswered) / 2,
    },
  }
}

function printGrouped(rows: GroupedRow[]) {
  console.log(
    `\nOrders (${CONNECTIONS} connections) alone and while one session sends groups of reads back to back ` +
      `(${GROUP_CONNECTIONS} connections), ${DURATION} s each\n`,
  )
  console.log(
    [
      'database',
      'orders alone req/s',
      'orders during groups req/s',
      'ratio (goal ≥ 0.5)',
      'orders p99 ms alone / during',
      'groups answered /s (by status)',
      'inner reads /s',
      'group p50 / p99 ms',
      'busy after, s',
    ].join(' | '),
  )
  for (const g of rows) {
    const statuses = [
      ...Object.entries(g.groups.perSecond).map(([status, n]) => `${status}: ${n.toFixed(1)}`),
      ...(g.groups.unanswered ? [`no answer: ${g.groups.unanswered.toFixed(1)}`] : []),
    ].join(', ')
    console.log(
      [
        g.target,
        g.alone.rps.toFixed(1),
        g.during.rps.toFixed(1),
        g.alone.rps > 0 ? (g.during.rps / g.alone.rps).toFixed(2) : '—',
        `${g.alone.p99} / ${g.during.p99}`,
        statuses,
        g.groups.readsPerSecond.toFixed(0),
        `${g.groups.p50} / ${g.groups.p99}`,
        g.drain.toFixed(0),
      ].join(' | '),
    )
  }
}

const mb = (bytes: number) => (bytes ? `${Math.round(bytes / 1048576)} MB` : '—')

async function main() {
  const targets = [embedded(), await external()].filter((t): t is Target => t !== null)
  const rows: Row[] = []
  const grouped: GroupedRow[] = []
  const running: Running[] = []
  try {
    for (const [i, target] of targets.entries()) {
      const silo = await startSilo(target, 8255 + i)
      const base = `http://127.0.0.1:${8255 + i}`
      running.push({ target, silo, base, cookie: await signIn(base, NUM_TIERS) })
    }
    // Both servers run side by side; each case runs on one then the other, so a change in the
    // machine's load (it is shared) weighs on both alike.
    // A short unrecorded run first: the JIT of a fresh Node process would weigh on whoever goes first.
    const only = process.env.BENCH_CASES?.split(',')
    const cases = CASES.filter((c) => !only || only.includes(c.name))
    for (const c of cases) for (const r of running) await measure(r, c, WARMUP)
    // Each case runs A B B A, half the duration each: neither server always goes first.
    for (const c of cases) {
      const halves = new Map<Running, Row[]>(running.map((r) => [r, []]))
      for (const r of [...running, ...[...running].reverse()]) halves.get(r)!.push(await measure(r, c, DURATION / 2))
      for (const [, [a, b]] of halves) rows.push(b ? combine(a!, b) : a!)
    }
    // Last: its orders and groups weigh on nothing measured after.
    if (!only || only.includes(GROUPED)) for (const r of running) grouped.push(await measureGrouped(r))
  } finally {
    for (const r of running) {
      r.silo.kill('SIGTERM')
      await new Promise((done) => r.silo.once('exit', done))
    }
    for (const t of targets) await t.cleanup().catch(() => {})
  }
  rows.sort((a, b) => (a.target === b.target ? 0 : a.target === 'embedded' ? -1 : 1))
  if (grouped.length) printGrouped(grouped)
  if (!rows.length) return
  console.log(`\nSilo ${SILO_DIR}, ${CONNECTIONS} connections, ${DURATION} s per case\n`)
  console.log(
    ['case', 'database', 'req/s', 'p50 ms', 'p99 ms', 'not 2xx', 'Node', 'PostgreSQL', 'vs DATABASE_URL'].join(' | '),
  )
  for (const r of rows) {
    const ref = rows.find((o) => o.case === r.case && o.target === 'DATABASE_URL')
    const ratio = ref && r.target !== 'DATABASE_URL' ? `${(r.rps / ref.rps).toFixed(2)}×` : ''
    console.log(
      [r.case, r.target, r.rps.toFixed(1), r.p50, r.p99, r.other, mb(r.node), mb(r.postgres), ratio].join(' | '),
    )
  }
}

/** The order feed's run (issue 41): orders read per second from the feed while orders are placed,
 * and the feed's lag at 100 orders/s. Its own Silo on a fresh database, last (tests/bench/feed.ts,
 * also `npm run bench:feed`). */
const FEED = 'feed'
function feedRun(): Promise<void> {
  console.log('\nFlux de commandes (tests/bench/feed.ts)\n')
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/feed.ts'], { stdio: 'inherit' })
  return new Promise((resolve, reject) =>
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`bench:feed: ${code}`)))),
  )
}

if (process.env.BENCH_COOPERATIVE) {
  // The API at a cooperative's size, on the database of an imported cooperative (issue 40).
  const { runCooperativeBench } = await import('./api-cooperative')
  await runCooperativeBench()
  process.exit(0)
}
await main()
if (!process.env.BENCH_CASES || process.env.BENCH_CASES.split(',').includes(FEED)) await feedRun()
