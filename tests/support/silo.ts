// The one way tests and benches start and drive a real Silo process: the command the README
// runs (`node --import tsx src/server/main.ts`, or the compiled server of `npm start`), on its
// own port with a DATA_DIR or a DATABASE_URL, ready once it answers, signed in through the
// endpoint the app uses, stopped by its own pid. Node runs the server directly (never npx, whose
// child a kill of the wrapper would leave running), so the child's pid is the server's own.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync } from 'node:fs'
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

export interface SiloOptions {
  port: number
  /** Added to the caller's environment (DATA_DIR, DATABASE_URL, DIST_DIR, SEED, NODE_ENV…). */
  env?: Record<string, string>
  /** Its output: shown, dropped, or kept to explain a failed start (`pipe`, the default). */
  stdout?: 'inherit' | 'ignore' | 'pipe'
  stderr?: 'inherit' | 'ignore' | 'pipe'
  /** The checkout whose server runs (an A/B bench of two versions); default: this one. */
  cwd?: string
  /**
   * What `npm start` runs: plain node on the compiled server (dist-server/, compiled first when
   * missing or older), behind cli/start.ts (so DIST_DIR must hold a build, or ./dist is built).
   */
  compiled?: boolean
  /** Node's own options before the script (`--max-old-space-size=256`, `--expose-gc`, `--import …`). */
  nodeArgs?: string[]
}

export interface RunningSilo {
  child: ChildProcess
  base: string
  /** What it wrote on its piped streams (the last 64 KB), to explain a failure. */
  output(): string
  /** SIGTERM by its pid (SIGKILL after 15 s), then its end; it stops its embedded PostgreSQL first. */
  stop(): Promise<void>
  /** SIGKILL by its pid, then its end. */
  kill9(): Promise<void>
}

// Enough for a test that reads the log of a whole run (the supervision test looks for the restart
// among thousands of request lines), bounded all the same.
const OUTPUT_KEPT = 8 * 1024 * 1024
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
export const ended = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null
const exit = (child: ChildProcess) =>
  ended(child) ? Promise.resolve() : new Promise<void>((r) => child.once('exit', () => r()))

/** A loopback port free right now. */
export async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as AddressInfo
  await new Promise((r) => server.close(r))
  return port
}

/** Starts Silo without waiting for it (a test that expects it to refuse to start). */
export function spawnSilo({
  port,
  env = {},
  stdout = 'ignore',
  stderr = 'pipe',
  cwd,
  compiled,
  nodeArgs = [],
}: SiloOptions) {
  const args = compiled ? ['scripts/server.mjs', 'start'] : ['--import', 'tsx', 'src/server/main.ts']
  return spawn(process.execPath, [...nodeArgs, ...args], {
    cwd,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED: 'demo',
      NODE_ENV: 'production',
      // A DATA_DIR means the embedded database: a DATABASE_URL left in the environment (CI exports
      // one for the server tests) would otherwise win, and two Silos would share one database.
      ...(env.DATA_DIR && !('DATABASE_URL' in env) ? { DATABASE_URL: '' } : {}),
      ...env,
    },
    stdio: ['ignore', stdout, stderr],
  })
}

/** Starts Silo and waits until `ready` answers 200 (two minutes at most: a first initdb is slow). */
export async function startSilo(
  options: SiloOptions & { ready?: '/public/infos/version' | '/public/infos/pret' },
): Promise<RunningSilo> {
  const child = spawnSilo(options)
  const base = `http://127.0.0.1:${options.port}`
  let output = ''
  const keep = (d: Buffer) => (output = (output + d.toString()).slice(-OUTPUT_KEPT))
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const running: RunningSilo = {
    child,
    base,
    output: () => output,
    async stop() {
      if (ended(child)) return
      process.kill(child.pid!, 'SIGTERM')
      const late = setTimeout(() => !ended(child) && process.kill(child.pid!, 'SIGKILL'), 15_000)
      await exit(child)
      clearTimeout(late)
    },
    async kill9() {
      if (!ended(child)) process.kill(child.pid!, 'SIGKILL')
      await exit(child)
    },
  }
  for (let i = 0; i < 1200; i++) {
    if (ended(child)) throw new Error(`Silo exited (${child.exitCode}) before answering:\n${output}`)
    const ok = await fetch(`${base}${options.ready ?? '/public/infos/version'}`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return running
    await sleep(100)
  }
  await running.kill9()
  throw new Error(`Silo did not answer within 120 s:\n${output}`)
}

/** The session cookie (`silo_session=…`) of a demo account, signed in as the app does. */
export async function signIn(base: string, username = '100001'): Promise<string> {
  const res = await fetch(`${base}/security/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ username, password: 'demo' }),
  })
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('silo_session='))
  if (!res.ok || !cookie) throw new Error(`sign-in as ${username} failed: ${res.status}`)
  return cookie.split(';')[0]!
}

/** A fresh folder for the embedded database of one run. */
export const tempDataDir = (name: string): string => mkdtempSync(join(tmpdir(), `silo-${name}-`))

/** The built app to serve: DIST_DIR or ./dist, built first when `build` and it is missing. */
export function builtApp({ build }: { build: boolean }): string {
  const distDir = resolve(process.env.DIST_DIR ?? './dist')
  if (existsSync(join(distDir, 'index.html'))) return distDir
  if (!build) {
    console.error(`${distDir}/index.html manque : lancez \`npm run build\` d’abord (ou donnez DIST_DIR).`)
    process.exit(1)
  }
  console.log('dist/ manque : vite build…')
  if (spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], { stdio: 'inherit' }).status !== 0)
    process.exit(1)
  return distDir
}
