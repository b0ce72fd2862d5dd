// The embedded PostgreSQL under brutal stops (issue: durable embedded database). Silo runs on a
// fresh DATA_DIR while orders are written, four at a time, each with its own Idempotency-Key;
// then it is killed with SIGKILL — ROUNDS times Silo alone (its PostgreSQL keeps running and is
// stopped by the next start), ROUNDS times Silo and every process of its PostgreSQL (the cluster
// must recover from its write-ahead log). Every restart must succeed, and at the end every order
// the server acknowledged (201 with its number) must be in the database; then ROUNDS times Silo's
// whole process group, Silo running under a parent that does not reap it (a supervisor busy
// elsewhere): the killed Silo stays a zombie holding DATA_DIR's lock, and the next one starts at
// once beside it. Then a second Silo on the same DATA_DIR must refuse to start, naming the first.
// Exits 1 on any failure.
//
//   npm run resilience:embedded        (ROUNDS=20 by default; CRASH_PORT, 8278 by default)
import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { signIn, spawnSilo, startSilo as start, tempDataDir } from '../support/silo'
import { benchOrder } from '../support/orders'
import { clusterDir, clusterUrl } from '../../src/server/db/embedded/cluster'

const ROUNDS = Number(process.env.ROUNDS ?? 20)
const PORT = Number(process.env.CRASH_PORT ?? 8278)
const BASE = `http://127.0.0.1:${PORT}`
const NUM_TIERS = '100001'
const dataDir = tempDataDir('crash')
// The embedded database on this DATA_DIR, whatever the bench's environment says.
const siloEnv = { DATA_DIR: dataDir, DATABASE_URL: '' }
const startSilo = () => start({ port: PORT, env: siloEnv }).then((silo) => silo.child)
const order = (i: number) => benchOrder(i, 'crash', NUM_TIERS)

/** The postmaster of the cluster and all its children. */
function postgresProcesses(): number[] {
  const postmaster = Number(readFileSync(join(clusterDir(dataDir), 'postmaster.pid'), 'utf8').split('\n')[0])
  const children = readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .filter((p) => {
      try {
        const stat = readFileSync(`/proc/${p}/stat`, 'utf8')
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster
      } catch {
        return false
      }
    })
  return [postmaster, ...children.map(Number)]
}

const acknowledged: string[] = []
let sent = 0
let refused = 0

/** Writes orders until stopped; keeps the numbers the server acknowledged. */
async function writeOrders(cookie: string, running: () => boolean) {
  while (running()) {
    const i = sent++
    try {
      const res = await fetch(`${BASE}/web/v1/tiers/${NUM_TIERS}/commandes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: BASE, cookie, 'Idempotency-Key': randomUUID() },
        body: JSON.stringify(order(i)),
      })
      const json = (await res.json()) as { numero?: string; message?: string }
      if (res.status === 201 && json.numero) acknowledged.push(json.numero)
      else if (res.status !== 503) {
        refused++
        if (res.status < 500) throw new Error(`order refused: ${res.status} ${json.message}`)
      }
    } catch (err) {
      if ((err as Error).message.startsWith('order refused')) throw err
      return // the server is gone
    }
  }
}

/** A backend may end on its own between the listing and the kill (its client, Silo, just died). */
function killIfThere(pid: number) {
  try {
    process.kill(pid, 'SIGKILL')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ESRCH') throw err
  }
}

async function round(mode: 'silo' | 'silo+postgres') {
  const silo = await startSilo()
  const cookie = await signIn(BASE, NUM_TIERS)
  let running = true
  const writers = Array.from({ length: 4 }, () => writeOrders(cookie, () => running))
  await new Promise((r) => setTimeout(r, 300 + Math.random() * 900))
  const victims = mode === 'silo+postgres' ? postgresProcesses() : []
  silo.kill('SIGKILL')
  for (const pid of victims) killIfThere(pid)
  running = false
  await Promise.all([...writers, new Promise((r) => silo.once('exit', r))])
}

const stateOf = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0]
  } catch {
    return 'gone'
  }
}
const unreaping: ChildProcess[] = []
let zombieHolders = 0

/**
 * Silo alone in its process group (setsid), child of a `sleep` that never waits for it: killed,
 * it stays a zombie. Its stderr goes to a file, shown if it does not start.
 */
async function startUnreaped(): Promise<number> {
  const log = join(dataDir, 'group-round.log')
  const parent = spawn(
    'sh',
    ['-c', `setsid "${process.execPath}" --import tsx src/server/main.ts 2>"${log}" & echo $!; exec sleep 3600`],
    {
      env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', SEED: 'demo', NODE_ENV: 'production', ...siloEnv },
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  )
  unreaping.push(parent)
  const pid = await new Promise<number>((r) => parent.stdout!.once('data', (d: Buffer) => r(Number(d))))
  for (let i = 0; i < 1200; i++) {
    if (stateOf(pid) === 'Z' || stateOf(pid) === 'gone') break
    try {
      if ((await fetch(`${BASE}/public/infos/version`)).ok) return pid
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`Silo (process ${pid}) did not start:\n${readFileSync(log, 'utf8')}`)
}

async function groupRound() {
  const pid = await startUnreaped()
  const cookie = await signIn(BASE, NUM_TIERS)
  let running = true
  const writers = Array.from({ length: 4 }, () => writeOrders(cookie, () => running))
  await new Promise((r) => setTimeout(r, 300 + Math.random() * 900))
  process.kill(-pid, 'SIGKILL')
  running = false
  await Promise.all(writers)
  for (let i = 0; i < 100 && stateOf(pid) !== 'Z'; i++) await new Promise((r) => setTimeout(r, 10))
  // The next start comes now, the lock still naming this zombie.
  if (stateOf(pid) === 'Z') zombieHolders++
}

async function main() {
  const started = performance.now()
  let ok = true
  try {
    for (const mode of ['silo', 'silo+postgres'] as const) {
      for (let r = 1; r <= ROUNDS; r++) await round(mode)
      console.log(
        `kill -9 of ${mode}: ${ROUNDS} times, every restart succeeded; ${acknowledged.length} orders acknowledged so far`,
      )
    }
    for (let r = 1; r <= ROUNDS; r++) await groupRound()
    console.log(
      `kill -9 of Silo's process group, restarted at once: ${ROUNDS} times, every restart succeeded ` +
        `(${zombieHolders} of them beside the previous Silo still a zombie); ${acknowledged.length} orders acknowledged so far`,
    )
    if (zombieHolders === 0) throw new Error('no killed Silo stayed a zombie: the group rounds proved nothing')
    const silo = await startSilo()
    try {
      const client = new pg.Client({ connectionString: clusterUrl(dataDir) })
      await client.connect()
      let found: number
      try {
        found = Number(
          (await client.query('select count(*) as n from commandes where numero = any($1)', [acknowledged])).rows[0].n,
        )
      } finally {
        await client.end()
      }
      console.log(
        `orders sent: ${sent}, acknowledged: ${acknowledged.length}, refused: ${refused}; acknowledged orders in the database: ${found}`,
      )
      if (acknowledged.length === 0 || found !== acknowledged.length) ok = false

      // A second Silo on the same DATA_DIR refuses to start and names the first.
      const second = spawnSilo({ port: PORT + 1, env: siloEnv })
      let stderr = ''
      second.stderr!.on('data', (d: Buffer) => (stderr += d.toString()))
      const code = await new Promise((r) => second.once('exit', r))
      const refusedSecond = code === 1 && stderr.includes(`in use by another Silo: process ${silo.pid}`)
      console.log(
        refusedSecond
          ? `a second Silo on the same DATA_DIR refused to start, naming process ${silo.pid}`
          : `second Silo: exit ${code}\n${stderr}`,
      )
      if (!refusedSecond) ok = false
    } finally {
      silo.kill('SIGTERM')
      await new Promise((r) => silo.once('exit', r))
    }
  } catch (err) {
    console.error(err)
    ok = false
  } finally {
    // A failure can leave the cluster running: it goes with its folder.
    try {
      for (const pid of postgresProcesses()) process.kill(pid, 'SIGKILL')
    } catch {
      // stopped already
    }
    for (const parent of unreaping) parent.kill('SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
  }
  console.log(`${ok ? 'OK' : 'FAILED'} in ${Math.round((performance.now() - started) / 1000)} s`)
  process.exitCode = ok ? 0 : 1
}

await main()
