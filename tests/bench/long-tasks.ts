// `npm run bench:long-tasks` (issue 29): what the main thread does in its long tasks on the
// server-rendered Historique. Farmer 100001's page opens with the CPU slowed 4× (DevTools'
// throttling) while V8's sampling profiler runs for DURATION_MS; every stretch of busy samples
// longer than 50 ms is printed with the functions most on its stack (inclusive time), and the
// browser's own long tasks (PerformanceObserver) with their sum above 50 ms. A minified build only
// names minified functions: build one for reading with
// `npx vite build --minify false --outDir /tmp/dist-nomin` and pass DIST_DIR=/tmp/dist-nomin.
// Figures only, asserted nothing.
//   DIST_DIR          the built app (default ./dist, built when missing)
//   LONG_TASKS_PORT   the server's port (default 8195)
//   DURATION_MS       how long to record after the page's load (default 12000)
//   TOP               functions printed per stretch (default 12)
//   PROFILE_OUT       also write the profile there (a .cpuprofile DevTools opens)
//   CPU_RATE          the CPU slowdown (default 4); at 1, with STRETCH_MS=12, what Lighthouse's
//                     simulation multiplies by 4 into its long tasks (it traces unthrottled)
//   STRETCH_MS        the busy stretches printed are those longer than this (default 50)
//   TRACE_OUT         with TASKS=1, also write the trace there
//   TASKS=1           print the main thread's tasks longer than STRETCH_MS instead (from a trace
//                     recorded beside the profile), each with the functions most on its stack:
//                     a busy stretch may join several tasks that follow each other
import { chromium } from '@playwright/test'
import { builtApp, signIn, startSilo, tempDataDir } from '../support/silo'
import { chromiumLaunch } from '../chromium'
import { rmSync, writeFileSync } from 'node:fs'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
interface Profile {
  nodes: ProfileNode[]
  startTime: number
  samples: number[]
  timeDeltas: number[]
}

const stretchMs = Number(process.env.STRETCH_MS ?? 50)
const port = Number(process.env.LONG_TASKS_PORT ?? 8195)
const duration = Number(process.env.DURATION_MS ?? 12_000)
const distDir = builtApp({ build: true })
const dataDir = tempDataDir('long-tasks')
const server = await startSilo({ port, env: { DATA_DIR: dataDir, DIST_DIR: distDir }, stderr: 'inherit' })
const origin = `http://127.0.0.1:${port}`
const browser = await chromium.launch(chromiumLaunch)

try {
  const session = (await signIn(origin)).slice('silo_session='.length)
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
  await context.addCookies([
    { name: 'silo_session', value: session, domain: '127.0.0.1', path: '/' },
    { name: 'COOKIE_CONSENT', value: 'true', domain: '127.0.0.1', path: '/' },
  ])
  const page = await context.newPage()
  await page.addInitScript(() => {
    const w = window as unknown as { __longTasks: [number, number][] }
    w.__longTasks = []
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push([Math.round(e.startTime), Math.round(e.duration)])
    }).observe({ type: 'longtask', buffered: true })
  })
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.CPU_RATE ?? 4) })
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 })
  const byTask = process.env.TASKS === '1'
  if (byTask) await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline'] })
  await cdp.send('Profiler.start')
  await page.goto(`${origin}/`, { waitUntil: 'load' })
  await page.waitForTimeout(duration)
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile }
  const trace = byTask ? (JSON.parse((await browser.stopTracing()).toString()) as Trace) : null
  if (trace && process.env.TRACE_OUT) writeFileSync(process.env.TRACE_OUT, JSON.stringify(trace))
  const tasks = trace ? mainThreadTasks(trace) : null
  if (process.env.PROFILE_OUT) writeFileSync(process.env.PROFILE_OUT, JSON.stringify(profile))
  const longTasks = await page.evaluate(() => (window as unknown as { __longTasks: [number, number][] }).__longTasks)
  console.log(
    `Tâches longues vues par la page : ${longTasks.length}, au-delà de 50 ms en tout ${longTasks.reduce((s, [, d]) => s + Math.max(0, d - 50), 0)} ms`,
  )
  console.log(longTasks.map(([at, d]) => `${at}:${d}`).join(' '))
  if (tasks) printTasks(profile, tasks)
  else printBusyStretches(profile)
} finally {
  await browser.close()
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}

interface TraceEvent {
  name: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
  args?: { name?: string }
}
type Trace = { traceEvents: TraceEvent[] }

/** The top-level tasks ([start, end] in µs, the profiler's clock) of the busiest renderer main thread. */
function mainThreadTasks(trace: Trace): [number, number][] {
  const events = trace.traceEvents
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
  const tasksOf = (m: TraceEvent) =>
    events.filter(
      (e) =>
        e.pid === m.pid &&
        e.tid === m.tid &&
        e.ph === 'X' &&
        (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask'),
    )
  const tasks = mains.map(tasksOf).sort((a, b) => b.length - a.length)[0] ?? []
  const top: [number, number][] = []
  for (const e of tasks.sort((a, b) => a.ts - b.ts))
    if (!top.length || e.ts >= top[top.length - 1]![1]) top.push([e.ts, e.ts + (e.dur ?? 0)])
  return top
}

function sampleTimes(profile: Profile) {
  let t = profile.startTime
  return profile.timeDeltas.map((d) => (t += d))
}

/** Inclusive time per function over samples [from, to), the TOP biggest printed. */
function printInclusive(profile: Profile, times: number[], from: number, to: number) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]))
  const parent = new Map<number, number>()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const name = (n: ProfileNode) =>
    `${n.callFrame.functionName || '(anonyme)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`
  const inclusive = new Map<string, number>()
  for (let s = from; s < to; s++) {
    const seen = new Set<string>()
    for (let id: number | undefined = profile.samples[s]; id !== undefined; id = parent.get(id)) {
      const key = name(nodes.get(id)!)
      if (seen.has(key)) continue
      seen.add(key)
      inclusive.set(key, (inclusive.get(key) ?? 0) + (times[s + 1]! - times[s]! || 0))
    }
  }
  for (const [key, us] of [...inclusive]
    .filter(([key]) => !/^\((root|program|idle)\)/.test(key))
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(process.env.TOP ?? 12)))
    console.log(`${String(Math.round(us / 1000)).padStart(6)} ms  ${key}`)
}

/** Each task over STRETCH_MS, with the functions most on its stack, and their sum over 50 ms × rate. */
function printTasks(profile: Profile, tasks: [number, number][]) {
  const times = sampleTimes(profile)
  const long = tasks.filter(([s, e]) => e - s > stretchMs * 1000 && s >= profile.startTime)
  for (const [s, e] of long) {
    const from = times.findIndex((t) => t >= s)
    const to = times.findIndex((t) => t > e)
    console.log(`\n${Math.round((s - profile.startTime) / 1000)} ms : tâche de ${((e - s) / 1000).toFixed(1)} ms`)
    if (from >= 0) printInclusive(profile, times, from, to < 0 ? times.length : to)
  }
  console.log(`\n${long.length} tâches au-delà de ${stretchMs} ms`)
}

/** Each stretch of non-idle samples over STRETCH_MS, with the functions most on its stack. */
function printBusyStretches(profile: Profile) {
  const times = sampleTimes(profile)
  const idleIds = new Set(profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id))
  const idle = (id: number) => idleIds.has(id)
  let start: number | null = null
  for (let i = 0; i < profile.samples.length; i++) {
    const busy = !idle(profile.samples[i]!)
    if (busy && start === null) start = i
    if ((busy && i < profile.samples.length - 1) || start === null) continue
    const from = start
    start = null
    if (times[i]! - times[from]! <= stretchMs * 1000) continue
    console.log(
      `\n${Math.round((times[from]! - profile.startTime) / 1000)} ms : ${Math.round((times[i]! - times[from]!) / 1000)} ms occupés`,
    )
    printInclusive(profile, times, from, i)
  }
}
