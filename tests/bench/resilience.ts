// Resilience of order sending (issue: checkout). 200 orders, each with its Idempotency-Key, are
// sent the way the outbox does — again and again until the server answers — while requests are
// cut at random (the client gives up mid-request, as a phone losing signal does) and the server
// is killed (SIGKILL) and restarted during requests. At the end the database must hold exactly
// 200 new orders: none twice, none lost. It prints the counts.
//
//   npm run resilience                       (PostgreSQL at DATABASE_URL, else the one on 127.0.0.1)
//
// This one tests the sending (cut requests, replays) on an external PostgreSQL; kill -9 of Silo
// and of its embedded PostgreSQL during writes is tests/bench/crash.ts (npm run resilience:embedded).
import { type ChildProcess } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import pg from 'pg'
import { signIn as signInAs, startSilo } from '../support/silo'
import { benchOrder } from '../support/orders'

const ORDERS = Number(process.env.ORDERS ?? 200)
const CONCURRENCY = 8
const PORT = Number(process.env.RESILIENCE_PORT ?? 8277)
const BASE = `http://127.0.0.1:${PORT}`
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const NUM_TIERS = '100001'

const dbName = `silo_resilience_${randomBytes(4).toString('hex')}`
const dbUrl = (() => {
  const u = new URL(ADMIN_URL)
  u.pathname = `/${dbName}`
  return u.toString()
})()

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: ADMIN_URL })
  await c.connect()
  try {
    await c.query(sql)
  } finally {
    await c.end()
  }
}

let server: ChildProcess | null = null
let restarts = 0
async function startServer() {
  server = (await startSilo({ port: PORT, env: { DATABASE_URL: dbUrl }, stderr: 'ignore' })).child
}

const signIn = () => signInAs(BASE, NUM_TIERS)
const body = (i: number) => benchOrder(i, 'resilience', NUM_TIERS)

const stats = { attempts: 0, cut: 0, networkErrors: 0, accepted: 0, replayed: 0, inFlight409: 0, other: 0 }

/** Sends one order until the server gives its number, as the outbox does. */
async function sendUntilAccepted(i: number, cookie: () => string): Promise<string> {
  const key = randomUUID()
  for (let attempt = 0; attempt < 500; attempt++) {
    stats.attempts++
    const ctrl = new AbortController()
    // One request in four is cut after a random delay: maybe before, maybe after the server acted.
    const cut = Math.random() < 0.25 ? setTimeout(() => ctrl.abort(), Math.random() * 40) : null
    // Like the outbox, give up a try that gets no answer (half-open connection) and retry. (One
    // controller and a plain timer: AbortSignal.any of a timeout signal can be collected early.)
    const giveUp = setTimeout(() => ctrl.abort(), 15_000)
    try {
      const res = await fetch(`${BASE}/web/v1/tiers/${NUM_TIERS}/commandes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: BASE, cookie: cookie(), 'Idempotency-Key': key },
        body: JSON.stringify(body(i)),
        signal: ctrl.signal,
      })
      // Node's fetch can wait forever for the body of an answer whose server was killed right
      // after the headers, even once aborted: the body gets its own deadline.
      const json = (await Promise.race([
        res.json(),
        new Promise((_, reject) => setTimeout(() => reject(new Error('body timeout')), 5_000)),
      ])) as { numero?: string; code?: string; message?: string }
      if (res.status === 201) {
        if (res.headers.get('Idempotent-Replayed')) stats.replayed++
        else stats.accepted++
        return json.numero!
      }
      if (res.status === 409 && json.code === 'IDEMPOTENCE_EN_COURS') stats.inFlight409++
      else {
        stats.other++
        if (res.status === 409 || res.status === 422)
          throw new Error(`order ${i} refused: ${res.status} ${json.message}`)
      }
    } catch (err) {
      if ((err as Error).message?.startsWith('order ')) throw err
      if (ctrl.signal.aborted) stats.cut++
      else stats.networkErrors++
    } finally {
      if (cut) clearTimeout(cut)
      clearTimeout(giveUp)
    }
    await new Promise((r) => setTimeout(r, 50 + Math.random() * 200))
  }
  throw new Error(`order ${i}: gave up`)
}

let running = true
let progress: ReturnType<typeof setInterval> | undefined

async function main() {
  await admin(`create database ${dbName}`)
  try {
    await startServer()
    let cookie = await signIn()
    const before = await countOrders()
    // The chaos: kill -9 the server every 1.5–3 s during the sending, then start it again.
    const chaos = (async () => {
      while (running) {
        await new Promise((r) => setTimeout(r, 1500 + Math.random() * 1500))
        if (!running) break
        server?.kill('SIGKILL')
        await new Promise((r) => server?.once('exit', r))
        restarts++
        await startServer()
        cookie = cookie || (await signIn())
      }
    })()
    const numbers: string[] = []
    let next = 0
    const started = performance.now()
    // Progress every 10 s; also keeps the process alive while every sender waits on a socket.
    progress = setInterval(
      () => console.log(`… ${numbers.length}/${ORDERS} accepted, ${restarts} restarts, ${stats.attempts} requests`),
      10_000,
    )
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < ORDERS) {
          const i = next++
          numbers.push(await sendUntilAccepted(i, () => cookie))
        }
      }),
    )
    running = false
    clearInterval(progress)
    await chaos
    const after = await countOrders()
    const distinctComments = await countDistinct()
    const ms = Math.round(performance.now() - started)
    console.log(`orders sent: ${ORDERS}, numbers received: ${numbers.length} (${new Set(numbers).size} distinct)`)
    console.log(`new orders in the database: ${after - before}, distinct order comments: ${distinctComments}`)
    console.log(
      `server killed and restarted ${restarts} times; ${stats.attempts} requests (${stats.cut} cut, ${stats.networkErrors} without answer, ${stats.inFlight409} "still running", ${stats.replayed} replays answered, ${stats.other} other) in ${ms} ms`,
    )
    const ok = after - before === ORDERS && new Set(numbers).size === ORDERS && distinctComments === ORDERS
    console.log(ok ? 'OK: exactly one order per send, none lost, none twice' : 'FAILED')
    process.exitCode = ok ? 0 : 1
  } finally {
    running = false
    clearInterval(progress)
    server?.kill('SIGKILL')
    await new Promise((r) => setTimeout(r, 300))
    await admin(`drop database if exists ${dbName} with (force)`)
  }
}

async function countOrders(): Promise<number> {
  const c = new pg.Client({ connectionString: dbUrl })
  await c.connect()
  try {
    return Number((await c.query(`select count(*) as n from commandes where num_tiers = $1`, [NUM_TIERS])).rows[0].n)
  } finally {
    await c.end()
  }
}

async function countDistinct(): Promise<number> {
  const c = new pg.Client({ connectionString: dbUrl })
  await c.connect()
  try {
    return Number(
      (await c.query(`select count(distinct commentaire) as n from commandes where commentaire like 'resilience %'`))
        .rows[0].n,
    )
  } finally {
    await c.end()
  }
}

main().catch((err) => {
  console.error('resilience run failed:', err)
  process.exitCode = 1
})
process.on('beforeExit', () => {
  if (process.exitCode === undefined)
    console.error('resilience: the event loop emptied before the end (a request never settled)')
})
