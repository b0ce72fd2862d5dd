// Several real Silo processes on one PostgreSQL, as in production behind a reverse proxy (issue 26):
// a fresh database made for the suite (on the run's embedded cluster, or on DATABASE_URL's server
// when it is set), N instances started on it with `node --import tsx src/server/main.ts` (one
// process per instance, so its pid is the server's own: tsx's CLI would put a child under it that
// a kill -9 of the wrapper leaves running), each on its loopback port with an environment of its
// own (DATABASE_POOL_SIZE=1, SMTP_URL…), a round-robin proxy in front of them, and optionally a
// relay between them and PostgreSQL that a test can cut. Instances are stopped by their own pid.
import { spawn, type ChildProcess } from 'node:child_process'
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import pg from 'pg'
import { createPostgresDatabase, databaseUrl, embeddedUrl } from './databases'
import { startDatabaseRelay, startRoundRobinProxy, type DatabaseRelay, type RoundRobinProxy } from './proxies'

export interface InstanceSpec {
  name: string
  /** Added to the instance's environment (DATABASE_POOL_SIZE, DATABASE_CONNECT_TIMEOUT_MS, SMTP_URL…). */
  env?: Record<string, string>
}

export interface Instance {
  name: string
  base: string
  /** The running process's id (it changes on restart). */
  pid(): number
  /** Still running (Node reaps its children: an ended one is never a zombie here). */
  alive(): boolean
  /** The end of what the process wrote (stdout and stderr), to explain a failure. */
  output(): string
  /** SIGKILL by its pid, then its end. */
  kill9(): Promise<void>
  /** SIGTERM (SIGKILL after 15 s), then its end. */
  stop(): Promise<void>
  /** Starts it again, same port and environment, and waits until it is ready. */
  restart(): Promise<void>
  /** Moves its clock (NODE_ENV=test: POST /api/test/clock) this many seconds from the real time. */
  setClockOffset(seconds: number): Promise<void>
}

export interface Suite {
  /** The suite's database, reached directly (not through the relay). */
  databaseUrl: string
  /** A pool on that database for the test's own queries (counts, locks, pg_terminate_backend). */
  admin: pg.Pool
  instances: Instance[]
  proxy: RoundRobinProxy
  /** Between the instances and PostgreSQL, when asked for. */
  relay: DatabaseRelay | null
  close(): Promise<void>
}

/** The test's own sessions on the suite's database: never terminated by terminateBackends(). */
export const ADMIN_APPLICATION = 'silo-test-admin'
const OUTPUT_KEPT = 64 * 1024
const READY_TRIES = 600
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((r) => server.close(r))
  return port
}

const ended = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null
const exit = (child: ChildProcess) =>
  ended(child) ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve()))

async function startInstance(spec: InstanceSpec, databaseUrl: string): Promise<Instance> {
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  let child: ChildProcess
  let output = ''
  const keep = (d: Buffer) => {
    output = (output + d.toString()).slice(-OUTPUT_KEPT)
  }
  const launch = async () => {
    output = ''
    child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        SEED: 'demo',
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        DIST_DIR: '/nonexistent-silo-dist',
        ...spec.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout!.on('data', keep)
    child.stderr!.on('data', keep)
    for (let i = 0; i < READY_TRIES; i++) {
      if (ended(child)) throw new Error(`${spec.name} exited (${child.exitCode}) before it was ready:\n${output}`)
      const ready = await fetch(`${base}/public/infos/pret`).then(
        (r) => r.ok,
        () => false,
      )
      if (ready) return
      await sleep(200)
    }
    child.kill('SIGKILL')
    throw new Error(`${spec.name} was not ready within two minutes:\n${output}`)
  }
  await launch()
  return {
    name: spec.name,
    base,
    pid: () => child.pid!,
    alive: () => !ended(child),
    output: () => output,
    async kill9() {
      if (!ended(child)) process.kill(child.pid!, 'SIGKILL')
      await exit(child)
    },
    async stop() {
      if (ended(child)) return
      process.kill(child.pid!, 'SIGTERM')
      const late = setTimeout(() => !ended(child) && process.kill(child.pid!, 'SIGKILL'), 15_000)
      await exit(child)
      clearTimeout(late)
    },
    async restart() {
      if (!ended(child)) throw new Error(`${spec.name} is still running`)
      await launch()
    },
    async setClockOffset(seconds) {
      const res = await fetch(`${base}/api/test/clock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        body: JSON.stringify({ offsetSeconds: seconds }),
      })
      if (!res.ok) throw new Error(`clock of ${spec.name}: ${res.status} ${await res.text()}`)
    },
  }
}

/**
 * A database of its own, then the instances: the first alone (it migrates and seeds the demo
 * cooperative for today), the others together; the proxy in front of all of them.
 */
export async function startSuite(specs: InstanceSpec[], opts: { relay?: boolean } = {}): Promise<Suite> {
  const created = await createPostgresDatabase(databaseUrl ?? embeddedUrl)
  const admin = new pg.Pool({ connectionString: created.url, max: 4, application_name: ADMIN_APPLICATION })
  admin.on('error', () => {})
  const slots: (Instance | undefined)[] = []
  const instances = () => slots.filter((i): i is Instance => Boolean(i))
  let relay: DatabaseRelay | null = null
  let proxy: RoundRobinProxy | null = null
  const close = async () => {
    await Promise.all(instances().map((i) => i.stop()))
    await proxy?.close()
    await relay?.close()
    await admin.end()
    await created.drop()
  }
  try {
    relay = opts.relay ? await startDatabaseRelay(created.url) : null
    const url = relay ? relay.url(created.url) : created.url
    const [first, ...others] = specs
    if (first) slots[0] = await startInstance(first, url)
    // All settled before going on: a failed start must not leave the others running unseen.
    const started = await Promise.allSettled(
      others.map(async (spec, k) => (slots[k + 1] = await startInstance(spec, url))),
    )
    for (const s of started) if (s.status === 'rejected') throw s.reason
    const all = instances()
    proxy = await startRoundRobinProxy(() => all.map((i) => i.base))
    return { databaseUrl: created.url, admin, instances: all, proxy, relay, close }
  } catch (err) {
    await close().catch(() => {})
    throw err
  }
}
