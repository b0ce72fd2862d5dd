// The one fetch client (ordering-area §7): credentials on every request, identical concurrent GETs
// coalesced unless Cache-Control: no-cache, a 401 outside /security/ triggers ONE shared session
// refresh and a single retry; a failed refresh tells the app (which resets and goes to login).
import * as v from 'valibot'
import { ApiError, NetworkError } from './api-error'
import { SESSION_PATHS } from '../contract/session-names'
import { querySearch } from '../contract/common'
import { FROM_CACHE_HEADER, reportAnswer, reportNoAnswer, watchRequest } from './connection'
import { settleSignOut, signOutPending } from './signed-out'
import { isGroupableRead, LECTURES_PATH } from '../contract/lectures'
import { readGrouper } from './grouped-reads'

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  query?: Record<string, string | number | boolean | undefined | null>
  body?: unknown
  headers?: Record<string, string>
  signal?: AbortSignal
  /** No answer after this long is a network failure (a half-open connection in a barn must not
   * hang a screen or the outbox): DEFAULT_TIMEOUT_MS unless said otherwise. */
  timeoutMs?: number
  /** Given the answer's headers when it is a success (a paged list's hints about what follows);
   * such a read is never shared with an identical one in flight, which would not get them. */
  headersOut?: (headers: Headers) => void
}

const DEFAULT_TIMEOUT_MS = 30_000

/** The caller's signal (a query cancelled) and the time limit, whichever comes first. */
function withTimeout(
  signal: AbortSignal | undefined,
  ms: number,
): { signal: AbortSignal; timedOut: () => boolean; stop: () => void } {
  const ctrl = new AbortController()
  const timer = setTimeout(() => ctrl.abort(new DOMException('Délai de réponse dépassé', 'TimeoutError')), ms)
  const onAbort = () => (stop(), ctrl.abort(signal?.reason))
  // Done: the timer and the listener on the caller's signal go (a caller's signal may outlive
  // many requests: each listener left on it would keep its request).
  const stop = () => {
    clearTimeout(timer)
    signal?.removeEventListener('abort', onAbort)
  }
  if (signal?.aborted) ctrl.abort(signal.reason)
  signal?.addEventListener('abort', onAbort, { once: true })
  ctrl.signal.addEventListener('abort', stop, { once: true })
  return { signal: ctrl.signal, timedOut: () => ctrl.signal.aborted && !signal?.aborted, stop }
}

type SessionLostListener = () => void
let sessionLostListener: SessionLostListener | null = null
/** The app registers what to do when the session cannot be refreshed. */
export function onSessionLost(listener: SessionLostListener | null) {
  sessionLostListener = listener
}

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  return path + querySearch(query ?? {})
}

const SIGNED_OUT = 'Vous êtes déconnecté : veuillez vous reconnecter.'

const inFlightGets = new Map<string, Promise<unknown>>()
let coalescing = true
/** For the server's first-screen render (src/app/server-render.tsx): this client then serves several
 * people at once in one process, and one person's GET must never answer another's (nor be grouped
 * with another's). */
export function neverCoalesce() {
  coalescing = false
}
let refreshing: Promise<boolean> | null = null
/** How many refreshes have succeeded: a request remembers the count it was sent under. */
let refreshes = 0
/** The server answered the refresh itself with a refusal: this page holds no session any more,
 * and only a sign-in (a new page) brings one. Nothing is asked with it again: each ask would be
 * one more 401, one more console error on the sign-in page (issue 51). A refresh that got no
 * answer (no network) proves nothing and sets nothing. */
let refused = false
/** The server told this page its session is over (see `refused`). */
export const sessionRefused = (): boolean => refused
/** Forgets that refusal: for the client's own tests (the app signs in through a new page). */
export const forgetSessionRefusal = (): void => void (refused = false)

/** One refresh for every concurrent 401: they all wait on the same promise. A 401 to a request sent
 * before a refresh that has since succeeded (a slow answer, met after the shared promise was let go)
 * was refused for the old window: it is retried under the new one, not refreshed again. */
function refreshSession(sentUnder: number): Promise<boolean> {
  if (sentUnder !== refreshes) return Promise.resolve(true)
  refreshing ??= fetch(buildUrl(SESSION_PATHS.refresh), {
    method: 'POST',
    credentials: 'include',
    headers: { Accept: 'application/json' },
  })
    .then((r) => {
      if (r.ok) refreshes += 1
      // Never in the server's render (many people's sessions in one process: `coalescing` off).
      else if (r.status === 401 && coalescing) refused = true
      return r.ok
    })
    .catch(() => false)
    .finally(() => {
      // The next expiry starts its own refresh: those waiting hold this promise already, and a
      // request sent before it succeeded is told by the count (above).
      refreshing = null
    })
  return refreshing
}

/** Headers the page adds to a request by its path (the adviser's round's proof: api/round, issue
 * 52). Set by the app, not here: the service worker sends with this client too, and has no round. */
let headersFor: (path: string) => Record<string, string> = () => ({})
export function setHeadersFor(add: (path: string) => Record<string, string>): void {
  headersFor = add
}

/** The statuses whose answer has no body (a Response made with one throws). */
const NULL_BODY_STATUS = [204, 205, 304]

async function sendAlone(path: string, opts: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...headersFor(path), ...opts.headers }
  let body: BodyInit | undefined
  if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json'
    body = JSON.stringify(opts.body)
  }
  const limit = withTimeout(opts.signal, opts.timeoutMs ?? DEFAULT_TIMEOUT_MS)
  // Every request tells the connection state what it learned (connection.ts).
  const watched = watchRequest()
  try {
    const res = await fetch(buildUrl(path, opts.query), {
      method: opts.method ?? 'GET',
      credentials: 'include',
      headers,
      body,
      signal: limit.signal,
    })
    // The time limit covers the body too (a connection cut mid-answer is a network failure): it is
    // read here, whole, before the limit's timer is cleared. A timer left to run its 30 s would
    // keep the request (and, in the server's render, the page being rendered) alive that long.
    const answer = NULL_BODY_STATUS.includes(res.status) ? null : await res.arrayBuffer()
    // An answer from the service worker's cache is data, not the server: still no network.
    if (res.headers.has(FROM_CACHE_HEADER)) reportNoAnswer()
    else reportAnswer()
    return new Response(answer, { status: res.status, statusText: res.statusText, headers: res.headers })
  } catch (e) {
    // Cancelled by the caller: say so. Timed out: no answer, like a network failure.
    if (!limit.timedOut() && (e as Error)?.name === 'AbortError') throw e
    reportNoAnswer()
    throw new NetworkError(e)
  } finally {
    limit.stop()
    watched()
  }
}

/** The reference reads asked together go as one request (api/grouped-reads); not in the server's
 * render (neverCoalesce), whose reads are answered in its own process. */
const grouper = readGrouper((chemins) => sendAlone(LECTURES_PATH, { method: 'POST', body: { chemins } }))
// The preparation for no signal no longer holds reads to group them (one snapshot since issue 50):
// what is left grouped is a form's few reads asked in one task before the snapshot is on the device.
const groupedRead = grouper.groupedRead

function send(path: string, opts: RequestOptions): Promise<Response> {
  if (!coalescing || (opts.method ?? 'GET') !== 'GET' || opts.body !== undefined) return sendAlone(path, opts)
  const url = buildUrl(path, opts.query)
  return isGroupableRead(url) ? groupedRead(url, () => sendAlone(path, opts), opts.signal) : sendAlone(path, opts)
}

async function toApiError(res: Response): Promise<ApiError> {
  let parsed: unknown = null
  const text = await res.text().catch(() => '')
  try {
    parsed = text ? JSON.parse(text) : null
  } catch {
    parsed = text
  }
  const obj = (parsed && typeof parsed === 'object' ? parsed : {}) as { message?: unknown; code?: unknown }
  return new ApiError({
    status: res.status,
    statusText: res.statusText,
    reason: typeof obj.message === 'string' ? obj.message : typeof parsed === 'string' && parsed ? parsed : null,
    code: typeof obj.code === 'string' ? obj.code : null,
    body: parsed,
  })
}

async function run(path: string, opts: RequestOptions): Promise<unknown> {
  // A sign-out the server has not heard yet goes first; until it has, nothing is sent with that
  // session (the outbox keeps its items): the device is signed out.
  if (signOutPending() && !(await settleSignOut())) {
    sessionLostListener?.()
    throw new ApiError({ status: 401, statusText: 'Unauthorized', reason: SIGNED_OUT, code: null, body: null })
  }
  if (refused && !path.includes('security'))
    throw new ApiError({ status: 401, statusText: 'Unauthorized', reason: SIGNED_OUT, code: null, body: null })
  const sentUnder = refreshes
  let res = await send(path, opts)
  if (res.status === 401 && !path.includes('security')) {
    const ok = await refreshSession(sentUnder)
    if (!ok) {
      sessionLostListener?.()
      throw await toApiError(res)
    }
    res = await send(path, opts)
    if (res.status === 401) sessionLostListener?.()
  }
  if (!res.ok) throw await toApiError(res)
  opts.headersOut?.(res.headers)
  if (res.status === 204) return null
  const text = await res.text()
  return text ? JSON.parse(text) : null
}

/**
 * Calls the API and validates the answer with its contract schema, so a drifted server is caught
 * at the boundary instead of deep in a screen.
 */
export async function request<TSchema extends v.GenericSchema>(
  path: string,
  schema: TSchema,
  opts: RequestOptions = {},
): Promise<v.InferOutput<TSchema>> {
  const method = opts.method ?? 'GET'
  const noCache = Object.entries(opts.headers ?? {}).some(
    ([k, val]) => k.toLowerCase() === 'cache-control' && /no-cache/i.test(val),
  )
  let pending: Promise<unknown>
  if (coalescing && method === 'GET' && !noCache && !opts.signal && !opts.headersOut) {
    const key = buildUrl(path, opts.query)
    pending = inFlightGets.get(key) ?? run(path, opts).finally(() => inFlightGets.delete(key))
    inFlightGets.set(key, pending)
  } else {
    pending = run(path, opts)
  }
  const data = await pending
  return v.parse(schema, data)
}
