// Whether the server can be reached, learned from the app's own requests (issue 16):
// navigator.onLine only says a network interface is up, which it is in a barn with one bar and
// no data. A request that fails, that goes unanswered for SLOW_MS, or that the service worker
// answers from its cache means "no network" until a request is answered by the server again.
// The one source for the offline notices, the outbox's triggers, the forms and the query loader.
// Kept tiny and free of window-only code at import: the first paint and the service worker load it.

type Listener = () => void

const listeners = new Set<Listener>()
// The page's window and document when there is a page (not in the service worker); typed here
// because this file is also compiled for the worker, which has neither (the navigator is in both).
interface Globals {
  navigator?: { onLine: boolean }
  window?: EventTarget
  document?: EventTarget & { visibilityState: string }
  localStorage?: { getItem(k: string): string | null; setItem(k: string, v: string): void }
}
const page: Globals = globalThis
const hasWindow = page.window !== undefined && page.document !== undefined
const visible = () => page.document?.visibilityState === 'visible'
let online = page.navigator?.onLine !== false
const LAST_ANSWER_KEY = 'silo-last-answer'
let lastAnswerAt = readLastAnswer()

/** No answer after this long: the screens say "offline" (the request itself may still succeed). */
const SLOW_MS = 5_000
/** While offline, how often a tiny request checks whether the server answers again; online, how
 * often the page looks whether it has heard from the server lately. */
const PROBE_EVERY_MS = 10_000
/** Online and visible, with no answer from the server for this long: a probe asks (issue 24), so a
 * signal lost while the farmer touches nothing is said within IDLE_MS + PROBE_EVERY_MS + SLOW_MS
 * (under 30 s). Never while the page is hidden: no loop draining a battery in a pocket. */
const IDLE_MS = 12_000
/** The service worker sets this header on an answer taken from its cache (sw/sw.ts). */
export const FROM_CACHE_HEADER = 'X-Silo-Cache'

function readLastAnswer(): number {
  try {
    return Number(page.localStorage?.getItem(LAST_ANSWER_KEY)) || 0
  } catch {
    return 0
  }
}

function set(next: boolean) {
  if (next === online) return
  online = next
  listeners.forEach((l) => l())
}

/** How many answers the server gave this page: a slow request says "offline" only when none came
 * meanwhile. */
let answers = 0

/** The server answered (any status: even a 4xx or 5xx is the server speaking). */
export function reportAnswer() {
  answers++
  lastAnswerAt = Date.now()
  try {
    page.localStorage?.setItem(LAST_ANSWER_KEY, String(lastAnswerAt))
  } catch {
    // Storage full or denied: the date is only a bound for the notices.
  }
  set(true)
}

/** A request failed, timed out, or came back from the service worker's cache. */
export function reportNoAnswer() {
  set(false)
}

export const isOnline = () => online

/** The page is the server's page the service worker kept and served because the server could not
 * be reached (sw/kept-history.ts): offline from the start. Its hydration still renders what the
 * server rendered (online); the offline notice, filled in by the worker, is markup React leaves
 * as it is (app/ui/offline-notice), and the rest follows the connection once hydrated. */
export function startFromKeptPage() {
  set(false)
}

/** When the server last answered this device (ms), 0 if never known: data shown offline is no
 * newer than that, whatever a cache says. */
export const lastAnswer = () => lastAnswerAt

export function subscribeConnection(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Watches one request: unanswered after SLOW_MS, and nothing else answered meanwhile, the app
 * says offline. A server answering the page's other requests is there: one slow answer (the
 * preparation's many reads on a busy server) no longer put "Hors connexion" above the cards for a
 * moment, moving them down and up again (issue 50, item 5: Lighthouse's CLS 0.068–0.137). */
export function watchRequest(): () => void {
  const seen = answers
  const timer = setTimeout(() => answers === seen && reportNoAnswer(), SLOW_MS)
  return () => clearTimeout(timer)
}

// While offline: a HEAD the service worker does not intercept (it only handles GETs), so only
// the server can answer it.
let probeTimer: ReturnType<typeof setInterval> | undefined
const probeUrl = '/public/infos/version'

function probe(timeoutMs = SLOW_MS * 2): Promise<void> {
  const done = watchRequest()
  return fetch(probeUrl, {
    method: 'HEAD',
    cache: 'no-store',
    credentials: 'omit',
    signal: AbortSignal.timeout(timeoutMs),
  })
    .then(reportAnswer, reportNoAnswer)
    .finally(done)
}

/** Asks the server now (a short probe) before an action that needs it: the state the app holds
 * may be older than the signal's return. */
export async function checkConnection(timeoutMs = 3_000): Promise<boolean> {
  if (online && Date.now() - lastAnswerAt < SLOW_MS) return true
  await probe(timeoutMs)
  return online
}

let probing = false

/**
 * A screen was just shown (issue 43, item 6): it may show data the app holds, fresh enough that
 * it sent no request, while the network has gone — a moment ago, perhaps, right after the last
 * answer. Ask the server now (a HEAD of a static answer, one at a time), so the offline notice
 * comes with the screen (at once for a refused connection, SLOW_MS for one left unanswered), not
 * at the next idle probe (IDLE_MS + PROBE_EVERY_MS later).
 */
export function askOnScreen() {
  if (!online || probing) return
  probing = true
  void probe().finally(() => (probing = false))
}

/** One tick: offline, ask whether the server is back; online, ask only after a quiet spell. */
function tick() {
  if (!visible() || probing) return
  if (online && Date.now() - lastAnswerAt < IDLE_MS) return
  probing = true
  void probe().finally(() => (probing = false))
}

/** Runs while the page is visible, stops while it is hidden. */
function followVisibility() {
  if (visible()) probeTimer ??= setInterval(tick, PROBE_EVERY_MS)
  else {
    clearInterval(probeTimer)
    probeTimer = undefined
  }
}

if (hasWindow) {
  // The interface's events are hints: gone means gone, back means "ask the server".
  page.window?.addEventListener('offline', reportNoAnswer)
  page.window?.addEventListener('online', () => void probe())
  page.document?.addEventListener('visibilitychange', () => {
    followVisibility()
    if (visible() && !online) void probe()
  })
  // At start, ask once: a screen shown from the persisted cache may send no request at all, and
  // the farmer must still be told the data is not current.
  setTimeout(() => void probe(), 0)
  followVisibility()
}
