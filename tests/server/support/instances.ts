// Several real Silo processes on one PostgreSQL, as in production behind a reverse proxy (issue 26):
// a fresh database made for the suite (on the run's embedded cluster, or on DATABASE_URL's server
// when it is set), N instances started on it as every test starts Silo (tests/support/silo.ts),
// each on its loopback port with an environment of its
// own (DATABASE_POOL_SIZE=1, SMTP_URL…), a round-robin proxy in front of them, and optionally a
// relay between them and PostgreSQL that a test can cut. Instances are stopped by their own pid.
import pg from 'pg'
import { ended, freePort, startSilo, type RunningSilo } from '../../support/silo'
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

async function startInstance(spec: InstanceSpec, databaseUrl: string): Promise<Instance> {
  const port = await freePort()
  const options = {
    port,
    env: { NODE_ENV: 'test', DATABASE_URL: databaseUrl, DIST_DIR: '/nonexistent-silo-dist', ...spec.env },
    stdout: 'pipe',
    ready: '/public/infos/pret',
  } as const
  const launch = () =>
    startSilo(options).catch((err: Error) => Promise.reject(new Error(`${spec.name}: ${err.message}`)))
  let silo: RunningSilo = await launch()
  return {
    name: spec.name,
    base: silo.base,
    pid: () => silo.child.pid!,
    alive: () => !ended(silo.child),
    output: () => silo.output(),
    kill9: () => silo.kill9(),
    stop: () => silo.stop(),
    async restart() {
      if (!ended(silo.child)) throw new Error(`${spec.name} is still running`)
      silo = await launch()
    },
    async setClockOffset(seconds) {
      const res = await fetch(`${silo.base}/api/test/clock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: silo.base },
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
