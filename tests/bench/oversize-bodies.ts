// The server's memory under oversize bodies (README "Sessions and sign-in"): 20 simultaneous
// 50 MB bodies, sent three ways — anonymous sign-ins declaring their length, anonymous sign-ins
// streamed without a length, and a signed-in farmer's orders streamed without a length. Each must
// be refused (413, or 401 before anything is read) and the server's resident memory must stay
// within 100 MB of what it holds idle. Prints the figures; exits 1 past that bound.
//
//   npm run bench:oversize        (BENCH_PORT, default 8330)
import { readFileSync, rmSync } from 'node:fs'
import { request } from 'node:http'
import { signIn, startSilo, tempDataDir, type RunningSilo } from '../support/silo'

const PORT = Number(process.env.BENCH_PORT ?? 8330)
const BASE = `http://127.0.0.1:${PORT}`
const BODIES = 20
const BODY_MB = 50
const BOUND_MB = 100
const CHUNK = Buffer.alloc(1024 * 1024, 'x')

const dataDir = tempDataDir('oversize')
let server: RunningSilo | null = null

const rssMb = () => {
  const status = readFileSync(`/proc/${server!.child.pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
}

/** Sends one 50 MB body; resolves with the status, or the error that ended the upload. */
function oversize(path: string, opts: { declareLength: boolean; cookie?: string }): Promise<string> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', Origin: BASE }
    if (opts.declareLength) headers['Content-Length'] = String(BODY_MB * CHUNK.length)
    if (opts.cookie) headers.Cookie = opts.cookie
    const req = request(`${BASE}${path}`, { method: 'POST', headers, agent: false }, (res) => {
      res.resume()
      resolve(String(res.statusCode))
      req.destroy()
    })
    req.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'))
    let sent = 0
    const pump = () => {
      while (sent < BODY_MB) {
        sent++
        if (!req.write(CHUNK)) return void req.once('drain', pump)
      }
      req.end()
    }
    pump()
  })
}

async function phase(label: string, send: () => Promise<string>, idle: number) {
  let peak = rssMb()
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 20)
  const started = performance.now()
  const outcomes = await Promise.all(Array.from({ length: BODIES }, send))
  clearInterval(sampler)
  peak = Math.max(peak, rssMb())
  const counts = outcomes.reduce<Record<string, number>>((acc, o) => ({ ...acc, [o]: (acc[o] ?? 0) + 1 }), {})
  console.log(
    `${label.padEnd(46)} answers ${JSON.stringify(counts).padEnd(18)} peak ${peak.toFixed(0).padStart(4)} MB  (+${(peak - idle).toFixed(0)} MB over idle)  ${Math.round(performance.now() - started)} ms`,
  )
  return peak - idle
}

async function main() {
  server = await startSilo({ port: PORT, env: { DATA_DIR: dataDir }, stderr: 'ignore' })
  const cookie = await signIn(BASE)
  for (let i = 0; i < 20; i++) await fetch(`${BASE}/web/user/me`, { headers: { Cookie: cookie } })
  await new Promise((r) => setTimeout(r, 1000))
  const idle = rssMb()
  console.log(`server idle: ${idle.toFixed(0)} MB resident; ${BODIES} simultaneous ${BODY_MB} MB bodies per line`)
  const growth = [
    await phase(
      'anonymous sign-ins, Content-Length declared',
      () => oversize('/security/login', { declareLength: true }),
      idle,
    ),
    await phase(
      'anonymous sign-ins, streamed (no length)',
      () => oversize('/security/login', { declareLength: false }),
      idle,
    ),
    await phase(
      'anonymous orders, streamed',
      () => oversize('/web/v1/tiers/100001/commandes', { declareLength: false }),
      idle,
    ),
    await phase(
      'signed-in farmer’s orders, streamed',
      () => oversize('/web/v1/tiers/100001/commandes', { declareLength: false, cookie }),
      idle,
    ),
  ]
  const worst = Math.max(...growth)
  console.log(
    `worst growth over idle: ${worst.toFixed(0)} MB (bound ${BOUND_MB} MB) — ${worst <= BOUND_MB ? 'within' : 'OVER'}`,
  )
  return worst <= BOUND_MB
}

main()
  .then((ok) => (process.exitCode = ok ? 0 : 1))
  .catch((err) => {
    console.error(err)
    process.exitCode = 1
  })
  .finally(async () => {
    await server?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })
