// `npm run bench:import [-- --membres N] [--graine N]`: the import of a whole synthetic cooperative
// (issue 40; 20,000 members, ~6.5 million rows by default) into a fresh database — the embedded
// PostgreSQL `npm start` runs (in a temporary DATA_DIR), or a new database beside DATABASE_URL when
// it is set. The generated folders are kept in $TMPDIR/silo-bench-import and reused by the next run.
//
// It prints, each figure with the machine's load average beside it (the machine is shared: the
// ratios within one run are what compare):
//   - two floors, each into a fresh database of the same server, the same files' bytes into bare
//     tables of text columns keyed by the natural key, each table created and filled in its own
//     transaction (issue 49): `psql \copy`, as an operator would, and `COPY FROM STDIN` written in the
//     import's own batches (1 MiB reads);
//   - the CPU seconds of each floor (psql or this process, and the PostgreSQL backend) and of each
//     import (its process, tsx's start included, and its backend): steadier than wall-clock time
//     when the machine's load changes from one minute to the next;
//   - the first import, file by file (read, check, COPY; SQL checks; merge), and its ratio to the
//     faster floor (goal ≤ 2.5×);
//   - the second import of the same folder (nothing changed: goal ≤ 1.5× the faster floor, 0 rows
//     written; its files are not read again when their tables were not written since: fingerprints),
//     then a third that reads every file again (--relire), what a re-export that changed every
//     file a little costs;
//   - one day's delta (~20,000 rows; goal ≤ 1 s);
//   - orders placed at 10 a second through Silo's HTTP API during the first import (a Silo on a
//     demo database of the same server: the import's tables are still empty) and during the second
//     import (a Silo on the imported cooperative, orders of its members), their p99 beside the
//     p99 of the same orders alone just before (goal: within 2×). BENCH_ORDERS=0 leaves them out.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import {
  createReadStream,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'
import { kindOfFile } from '../../src/contract/import/kinds'
import { hashPassword } from '../../src/server/auth/password'
import { openDatabase } from '../../src/server/db/client'
import { startCluster } from '../../src/server/db/embedded/cluster'
import { acquireLock } from '../../src/server/db/embedded/lock'
import { formatReport } from '../../src/server/import/report'
import type { ImportResult } from '../../src/server/import/run'
import { DEFAULTS, scaled, writeCooperative, writeDayDelta } from '../../src/server/seed/cooperative'
import { benchOrder } from '../support/orders'
import { freePort, signIn as signInDemo, startSilo, type RunningSilo } from '../support/silo'
import { cooperativeOrder, PASSWORD, pickMembers, signIn } from './api-cooperative'
import { cpuSeconds, followBackend, followCpu } from './support/cpu'

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? Number(process.argv[i + 1]) : undefined
}
const options = scaled(arg('membres') ?? DEFAULTS.membres, { graine: arg('graine') ?? DEFAULTS.graine })
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')
const n = (x: number) =>
  Math.round(x)
    .toLocaleString('fr-FR')
    .replace(/\u202f|\u00a0/g, ' ')
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`

async function folders() {
  const base = join(tmpdir(), 'silo-bench-import', `m${options.membres}-g${options.graine}`)
  const coop = join(base, 'cooperative')
  const delta = join(base, 'delta')
  if (!existsSync(join(base, '.ok'))) {
    rmSync(base, { recursive: true, force: true })
    const t = performance.now()
    const rows = await writeCooperative(coop, options)
    await writeDayDelta(delta, options)
    const s = (performance.now() - t) / 1000
    console.log(`generated ${n(rows)} rows in ${s.toFixed(1)} s (${n(rows / s)} rows/s) into ${base}`)
    writeFileSync(join(base, '.ok'), '')
  } else console.log(`reusing ${base}`)
  const bytes = readdirSync(coop).reduce((t, f) => t + statSync(join(coop, f)).size, 0)
  console.log(`files: ${readdirSync(coop).length}, ${mb(bytes)}`)
  return { coop, delta }
}

async function server(): Promise<{ url: string; stop(): Promise<void> }> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => {} }
  const dataDir = mkdtempSync(join(tmpdir(), 'silo-bench-import-pg-'))
  const release = acquireLock(dataDir)
  const cluster = await startCluster(dataDir)
  return {
    // The superuser's address: the bench makes databases of its own.
    url: cluster.adminUrl,
    async stop() {
      await cluster.stop()
      release()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    return await fn(c)
  } finally {
    await c.end()
  }
}

async function freshDatabase(serverUrl: string, migrate: boolean) {
  const name = `silo_bench_import_${randomBytes(4).toString('hex')}`
  await withClient(serverUrl, (c) => c.query(`create database ${name}`))
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  if (migrate) await (await openDatabase({ databaseUrl: url.toString() })).close()
  return {
    url: url.toString(),
    drop: () => withClient(serverUrl, (c) => c.query(`drop database ${name} with (force)`)),
  }
}

/** `npm run import`'s work in a process of its own, with the options it runs with (package.json). */
type Imported = ImportResult & { cpu: { node: number; backend: number } }
function runImport({
  databaseUrl,
  folder,
  relire,
}: {
  databaseUrl: string
  folder: string
  relire?: boolean
}): Promise<Imported> {
  const child = spawn(
    process.execPath,
    [
      '--max-semi-space-size=128',
      '--import',
      'tsx',
      'tests/bench/support/run-import.ts',
      databaseUrl,
      folder,
      ...(relire ? ['--relire'] : []),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  let out = ''
  child.stdout.on('data', (d: Buffer) => (out += d.toString()))
  return new Promise((resolve, reject) =>
    child.once('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').at(-1)!) as Imported)
        : reject(new Error(`import: ${code}`)),
    ),
  )
}

const phases = (r: ImportResult) =>
  (['loadSeconds', 'checkSeconds', 'mergeSeconds'] as const)
    .map((k) => `${r.files.reduce((t, f) => t + f[k], 0).toFixed(1)} s`)
    .join(' | ')
const changed = (r: ImportResult) => r.files.reduce((t, f) => t + f.inserted + f.updated + f.removed, 0)

/** A bare table per file: text columns, the natural key as primary key. */
function bareTable(file: string): { table: string; create: string } {
  const kind = kindOfFile(file)!
  const table = `floor_${file.replace(/\W/g, '_')}`
  const cols = Object.keys(kind.colonnes)
    .map((x) => `"${x}" text`)
    .join(', ')
  return { table, create: `create table ${table} (${cols}, primary key (${kind.cle.map((x) => `"${x}"`).join(', ')}))` }
}
const COPY_OPTIONS = "(format csv, header true, delimiter ';')"

interface Floor {
  s: number
  /** CPU seconds: the client (psql, or this process) and the PostgreSQL backend. */
  cpu: { client: number; backend: number }
}

/** The operator's floor: one psql session, each file `\copy`ed into its bare table created in the same transaction. */
async function psqlFloor(url: string, dir: string): Promise<Floor> {
  const script = readdirSync(dir)
    .sort()
    .flatMap((f) => {
      const { table, create } = bareTable(f)
      return ['begin;', `${create};`, `\\copy ${table} from '${join(dir, f)}' with ${COPY_OPTIONS}`, 'commit;']
    })
    .join('\n')
  const t = performance.now()
  const backend = followBackend(url, 'silo-floor')
  const child = spawn('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', url], {
    env: { ...process.env, PGAPPNAME: 'silo-floor' },
    stdio: ['pipe', 'ignore', 'pipe'],
  })
  const client = followCpu(() => child.pid ?? null)
  let stderr = ''
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
  child.stdin.end(script)
  const code = await new Promise<number | null>((r) => child.once('exit', r))
  if (code !== 0) throw new Error(`psql: ${stderr}`)
  return { s: (performance.now() - t) / 1000, cpu: { client: client(), backend: await backend() } }
}

/** The same with COPY FROM STDIN, the file's bytes written in the import's batches (1 MiB reads, read-csv.ts). */
async function streamFloor(url: string, dir: string): Promise<Floor> {
  return withClient(url, async (c) => {
    const [{ pid }] = (await c.query<{ pid: number }>('select pg_backend_pid() as pid')).rows as [{ pid: number }]
    const before = cpuSeconds(pid) ?? 0
    const mine = process.cpuUsage()
    const t = performance.now()
    for (const f of readdirSync(dir).sort()) {
      const { table, create } = bareTable(f)
      await c.query('begin')
      await c.query(create)
      await pipeline(
        createReadStream(join(dir, f), { highWaterMark: 1024 * 1024 }),
        c.query(copyFrom(`copy ${table} from stdin with ${COPY_OPTIONS}`)),
      )
      await c.query('commit')
    }
    const s = (performance.now() - t) / 1000
    const { user, system } = process.cpuUsage(mine)
    return { s, cpu: { client: (user + system) / 1e6, backend: (cpuSeconds(pid) ?? 0) - before } }
  })
}

/** Orders placed at `perSecond` (open loop: one every 1000/perSecond ms, whatever the answers take). */
function placeOrders(silo: RunningSilo, order: (i: number) => { path: string; cookie: string; body: unknown }) {
  const latencies: number[] = []
  const started = performance.now()
  /** [second since the start, ms] of each order answered, for BENCH_SLOWEST. */
  const times: Array<[number, number]> = []
  let failed = 0
  let i = 0
  const inFlight = new Set<Promise<void>>()
  const timer = setInterval(() => {
    const o = order(i++)
    const t = performance.now()
    const p = fetch(`${silo.base}${o.path}`, {
      method: 'POST',
      headers: {
        cookie: o.cookie,
        origin: silo.base,
        'content-type': 'application/json',
        'Idempotency-Key': randomBytes(16).toString('hex'),
      },
      body: JSON.stringify(o.body),
    })
      .then(async (res) => {
        await res.arrayBuffer()
        if (res.ok) latencies.push(performance.now() - t)
        if (res.ok) times.push([(t - started) / 1000, performance.now() - t])
        else failed++
      })
      .catch(() => void failed++)
      .finally(() => inFlight.delete(p))
    inFlight.add(p)
  }, 1000 / ORDERS_PER_SECOND)
  return async () => {
    clearInterval(timer)
    await Promise.all(inFlight)
    if (process.env.IMPORT_LOG) {
      const slowest = times.sort((a, b) => b[1] - a[1]).slice(0, 8)
      console.log(
        `  slowest orders (s since start: ms): ${slowest.map(([s, l]) => `${s.toFixed(1)}: ${l.toFixed(0)}`).join(', ')}`,
      )
    }
    return summary(latencies, failed)
  }
}
function summary(latencies: number[], failed: number) {
  const sorted = [...latencies].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN
  return { latencies: sorted, placed: sorted.length, failed, p50: at(0.5), p99: at(0.99) }
}
const merged = (a: Orders, b: Orders) => summary([...a.latencies, ...b.latencies], a.failed + b.failed)
type Orders = Awaited<ReturnType<ReturnType<typeof placeOrders>>>
const ORDERS_PER_SECOND = 10
const ALONE_SECONDS = Number(process.env.BENCH_ALONE ?? 15)
const WITH_ORDERS = process.env.BENCH_ORDERS !== '0'
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const ms = (x: number) => `${x.toFixed(0)} ms`

/**
 * The orders alone for ALONE_SECONDS before `work` and as long after it (p99 over both), and during it.
 * A checkpoint first: the alone orders before are not those of a server still writing out the
 * previous step (a floor's gigabyte), which once put a checkpoint's 194 ms in their p99.
 */
async function ordersAround<T>(
  silo: RunningSilo | null,
  order: (i: number) => { path: string; cookie: string; body: unknown },
  work: () => Promise<T>,
): Promise<{ result: T; alone?: Orders; during?: Orders; before?: Orders; after?: Orders }> {
  if (!silo) return { result: await work() }
  await withClient(srv.url, (c) => c.query('checkpoint'))
  const warm = placeOrders(silo, order)
  await sleep(3000) // unrecorded
  await warm()
  const before = placeOrders(silo, order)
  await sleep(ALONE_SECONDS * 1000)
  const a = await before()
  const d = placeOrders(silo, order)
  const result = await work()
  const during = await d()
  const after = placeOrders(silo, order)
  await sleep(ALONE_SECONDS * 1000)
  const b = await after()
  return { result, alone: merged(a, b), during, before: a, after: b }
}
function printOrders(what: string, r: { alone?: Orders; during?: Orders; before?: Orders; after?: Orders }) {
  if (!r.alone || !r.during) return
  const { alone, during } = r
  console.log(
    `orders at ${ORDERS_PER_SECOND}/s ${what}: p99 alone ${ms(alone.p99)} (p50 ${ms(alone.p50)}, ${alone.placed} placed, ` +
      `${alone.failed} refused), during ${ms(during.p99)} (p50 ${ms(during.p50)}, ${during.placed} placed, ` +
      `${during.failed} refused): ${(during.p99 / alone.p99).toFixed(2)}× (goal ≤ 2×) — load ${load()}`,
  )
  // The alone p99 after the import may hold its aftermath (autovacuum, a checkpoint): shown apart.
  if (r.before && r.after)
    console.log(
      `  alone: p99 ${ms(r.before.p99)} before, ${ms(r.after.p99)} after; during ÷ before ${(during.p99 / r.before.p99).toFixed(2)}×`,
    )
}

/** Silo's address for a database of the bench's server, as its own superuser (a bench database). */
const siloEnv = (url: string, seed: 'demo' | 'none') => ({ DATABASE_URL: url, SEED: seed })

const srv = await server()
const silos: RunningSilo[] = []
try {
  console.log(`load average at start: ${load()} (2 cores; the machine is shared)`)
  if (process.env.IMPORT_NICE) console.log(`the import's process and backend at nice ${process.env.IMPORT_NICE}`)
  const { coop, delta } = await folders()

  // The floors, each into a fresh database of the same server: before the imports and after them
  // (the machine's load changes within a run).
  const floors: Array<Floor & { name: string; when: string }> = []
  const cpuOf = (c: { client: number; backend: number }) =>
    `CPU ${(c.client + c.backend).toFixed(1)} s (client ${c.client.toFixed(1)}, PostgreSQL ${c.backend.toFixed(1)})`
  const measureFloors = async (when: string) => {
    for (const [name, measure] of [
      ['psql \\copy', (url: string) => psqlFloor(url, coop)],
      ['COPY FROM STDIN, 1 MiB writes', (url: string) => streamFloor(url, coop)],
    ] as const) {
      const bare = await freshDatabase(srv.url, false)
      try {
        const f = await measure(bare.url)
        floors.push({ name, when, ...f })
        console.log(
          `floor ${when}, ${name} (a transaction per table): ${f.s.toFixed(1)} s, ${cpuOf(f.cpu)} — load ${load()}`,
        )
      } finally {
        await bare.drop()
      }
    }
  }
  await measureFloors('before the imports')

  const db = await freshDatabase(srv.url, true)
  const demo = WITH_ORDERS ? await freshDatabase(srv.url, false) : null
  try {
    // Orders during the first import: a Silo on a demo database of the same server.
    let demoSilo: RunningSilo | null = null
    let demoCookie = ''
    if (demo) {
      demoSilo = await startSilo({ port: await freePort(), env: siloEnv(demo.url, 'demo'), stderr: 'inherit' })
      silos.push(demoSilo)
      demoCookie = await signInDemo(demoSilo.base)
    }
    const demoOrder = (i: number) => ({
      path: '/web/v1/tiers/100001/commandes',
      cookie: demoCookie,
      body: benchOrder(i, 'bench import'),
    })
    const firstRun = await ordersAround(demoSilo, demoOrder, () => runImport({ databaseUrl: db.url, folder: coop }))
    const first = firstRun.result
    if (first.status !== 'importe') throw new Error(first.errors.slice(0, 20).join('\n'))
    const rows = first.files.reduce((t, f) => t + f.rows, 0)
    console.log(`\nfirst import — load ${load()}`)
    console.log('file | rows | read, check, COPY s | SQL checks s | merge s | rows/s')
    for (const f of [...first.files].sort((a, b) => b.rows - a.rows)) {
      const s = f.loadSeconds + f.checkSeconds + f.mergeSeconds
      const secs = [f.loadSeconds, f.checkSeconds, f.mergeSeconds].map((x) => x.toFixed(1)).join(' | ')
      console.log(`${f.fichier} | ${n(f.rows)} | ${secs} | ${n(f.rows / s)}`)
    }
    const sum = (k: 'loadSeconds' | 'checkSeconds' | 'mergeSeconds') => first.files.reduce((t, f) => t + f[k], 0)
    console.log(
      `all | ${n(rows)} | ${[sum('loadSeconds'), sum('checkSeconds'), sum('mergeSeconds')].map((x) => x.toFixed(1)).join(' | ')} | ${n(rows / first.seconds)}`,
    )
    console.log(`\nfirst import: ${n(rows)} rows in ${first.seconds.toFixed(1)} s: ${n(rows / first.seconds)} rows/s`)
    const [{ size }] = await withClient(
      db.url,
      async (c) => (await c.query('select pg_database_size(current_database()) as size')).rows,
    )
    console.log(`database size on disk: ${mb(Number(size))}`)
    printOrders('during the first import (Silo on a demo database of the same server)', firstRun)
    if (demoSilo) await demoSilo.stop()

    // Orders during the second import: a Silo on the cooperative, orders of its members.
    let coopSilo: RunningSilo | null = null
    let coopOrder = (i: number): { path: string; cookie: string; body: unknown } => void i as never
    if (WITH_ORDERS) {
      const members = await withClient(db.url, async (c) => {
        const { members } = await pickMembers(c, 20)
        await c.query('update users set password_hash = $1 where username = any($2)', [
          await hashPassword(PASSWORD),
          members.map((m) => m.numTiers),
        ])
        return members
      })
      coopSilo = await startSilo({ port: await freePort(), env: siloEnv(db.url, 'none'), stderr: 'inherit' })
      silos.push(coopSilo)
      const cookies = new Map<string, string>()
      for (const m of members) cookies.set(m.numTiers, await signIn(coopSilo.base, m.numTiers))
      coopOrder = (i) => {
        const m = members[i % members.length]!
        return {
          path: `/web/v1/tiers/${m.numTiers}/commandes`,
          cookie: cookies.get(m.numTiers)!,
          body: cooperativeOrder(m, i),
        }
      }
    }
    const againRun = await ordersAround(coopSilo, coopOrder, () => runImport({ databaseUrl: db.url, folder: coop }))
    const again = againRun.result
    console.log(
      `\nsecond import of the same folder: ${again.seconds.toFixed(1)} s, ${n(changed(again))} rows changed — load ${load()}`,
    )
    console.log(formatReport(again).at(-1))
    console.log(`read, check, COPY | SQL checks | merge: ${phases(again)}`)
    printOrders('during the second import (Silo on the cooperative)', againRun)
    const unread = again.files.filter((f) => f.inchange)
    console.log(
      `  files not read again (unchanged, their tables unwritten since): ${unread.length} of ${again.files.length}`,
    )
    // The same folder read whole (--relire): what a re-export whose every file changed a little costs.
    const reread = await runImport({ databaseUrl: db.url, folder: coop, relire: true })
    console.log(
      `
third import, every file read again (--relire): ${reread.seconds.toFixed(1)} s, ${n(changed(reread))} rows changed — load ${load()}`,
    )
    console.log(`read, check, COPY | SQL checks | merge: ${phases(reread)}`)
    if (coopSilo) await coopSilo.stop()

    const d = await runImport({ databaseUrl: db.url, folder: delta })
    const dRows = d.files.reduce((t, f) => t + f.rows, 0)
    console.log(
      `\none day's delta: ${n(dRows)} rows in ${d.seconds.toFixed(2)} s (${n(changed(d))} rows changed; goal ≤ 1 s) — load ${load()}`,
    )

    await measureFloors('after the imports')
    const floor = Math.min(...floors.map((f) => f.s))
    console.log('\nfloor | when | s | first import ÷ floor | second import ÷ floor | --relire ÷ floor')
    for (const f of floors) {
      const ratios = [first.seconds / f.s, again.seconds / f.s, reread.seconds / f.s]
        .map((x) => `${x.toFixed(2)}×`)
        .join(' | ')
      console.log(`${f.name} | ${f.when} | ${f.s.toFixed(1)} | ${ratios}`)
    }
    // CPU seconds, steadier than wall-clock time on a loaded machine: each import against the floor that used the least.
    const leanest = Math.min(...floors.map((f) => f.cpu.client + f.cpu.backend))
    const cpu = (r: Imported) => r.cpu.node + r.cpu.backend
    for (const [what, r] of [
      ['first import', first],
      ['second import', again],
      ['--relire', reread],
    ] as const) {
      console.log(
        `${what}: ${cpuOf({ client: r.cpu.node, backend: r.cpu.backend })}, ${(cpu(r) / leanest).toFixed(2)}× the floor's least (${leanest.toFixed(1)} s)`,
      )
    }
    console.log(
      `against the fastest floor (${floor.toFixed(1)} s): first import ${first.seconds.toFixed(1)} s, ${(first.seconds / floor).toFixed(2)}× (goal ≤ 2.5×); ` +
        `second import ${again.seconds.toFixed(1)} s, ${(again.seconds / floor).toFixed(2)}× (goal ≤ 1.5×); ` +
        `--relire ${reread.seconds.toFixed(1)} s, ${(reread.seconds / floor).toFixed(2)}×`,
    )
  } finally {
    for (const s of silos) await s.stop().catch(() => {})
    await db.drop()
    await demo?.drop()
  }
  console.log(`load average at end: ${load()}`)
} finally {
  await srv.stop()
}
