/// <reference lib="webworker" />
// The history's navigation in the installed app (issue 50, item 3). Online, the server's own
// rendered page, as a browser without the worker gets it, and a copy of it kept for the person
// signed in. When the server cannot be reached, that copy, at once: the page paints from its HTML
// and inline stylesheet before any script runs, its offline notice filled in, then the app hydrates
// from the data the page carries (its scripts come from the precache). Only the signed-in person's
// copy, and only while they are: with no owner tag, or a sign-out pending, the precached shell as
// before (which then goes to the sign-in page); the page drops the copies of anyone else
// (api/device-owner, api/others-copies, offline/wipe).
import { matchPrecache } from 'workbox-precaching'
import type { RouteHandlerCallbackOptions } from 'workbox-core/types'
import { FIRST_SCREEN_DATA_ID, KEPT_HISTORY_CACHE, keptHistoryKey } from '../src/contract/paths'
import { OWNER_COOKIE, SIGNED_OUT_COOKIE } from '../src/contract/session-names'
import {
  EMPTY_NOTICE_PLACE,
  KEPT_AT_ATTRIBUTE,
  KEPT_AT_HEADER,
  KEPT_OFFLINE_ATTRIBUTE,
  OFFLINE_NOTICE_ATTRIBUTE,
  offlineNoticeHtml,
} from '../src/offline/kept-history'

declare const self: ServiceWorkerGlobalScope & { cookieStore?: CookieStore }

/** No answer from the server this long: the kept page (the app then learns the connection from its
 * own requests, as on every screen). */
const NETWORK_TIMEOUT_MS = 3_000

/** The person signed in on this browser (the owner tag), or null: none, signed out here, or a
 * browser whose worker cannot read cookies (then no copy is ever kept or served). */
async function ownerNow(): Promise<string | null> {
  const store = self.cookieStore
  if (!store) return null
  try {
    const [owner, signedOut] = await Promise.all([store.get(OWNER_COOKIE), store.get(SIGNED_OUT_COOKIE)])
    return signedOut?.value ? null : owner?.value || null
  } catch {
    return null
  }
}

const DATA_BLOCK = `id="${FIRST_SCREEN_DATA_ID}"`

/** When the page's history was read from the server: its dehydrated query's dataUpdatedAt. */
function historyReadAt(html: string): number | null {
  const start = html.indexOf('>', html.indexOf(DATA_BLOCK)) + 1
  const end = html.indexOf('</script>', start)
  if (start <= 0 || end < 0) return null
  try {
    const data = JSON.parse(html.slice(start, end)) as {
      state?: { queries?: { queryKey: unknown[]; state: { dataUpdatedAt?: number } }[] }
    }
    const history = data.state?.queries?.find((q) => q.queryKey[0] === 'livraisons' && q.queryKey[2] === 'historique')
    return history?.state.dataUpdatedAt || null
  } catch {
    return null
  }
}

/** Headers of the server's page that the copy keeps (its Content-Security-Policy above all). */
const DROPPED_HEADERS = ['content-length', 'content-encoding', 'transfer-encoding', 'set-cookie', 'date', 'etag']

/** Keeps the server's rendered history for `owner`, if it is one and they are still signed in. */
async function keep(response: Response, owner: string): Promise<void> {
  if (response.status !== 200 || !(response.headers.get('content-type') ?? '').includes('text/html')) return
  const html = await response.text()
  if (!html.includes(DATA_BLOCK) || !html.includes(EMPTY_NOTICE_PLACE)) return
  const readAt = historyReadAt(html)
  if (!readAt || (await ownerNow()) !== owner) return
  const headers = new Headers(response.headers)
  for (const name of DROPPED_HEADERS) headers.delete(name)
  headers.set(KEPT_AT_HEADER, String(readAt))
  const cache = await caches.open(KEPT_HISTORY_CACHE)
  // One copy on the device: the signed-in person's latest.
  const key = keptHistoryKey(owner)
  for (const request of await cache.keys()) if (new URL(request.url).pathname !== key) await cache.delete(request)
  await cache.put(key, new Response(html, { status: 200, headers }))
}

/** A fresh nonce for the copy served (the policy's and the page's, replaced together). */
function freshNonce(): string {
  const bytes = self.crypto.getRandomValues(new Uint8Array(16))
  return btoa(String.fromCharCode(...bytes))
}

/** The copy's scripts, which must come from this worker's precache (an older build's are gone). */
const SCRIPT_URLS = /\/assets\/[\w.-]+\.js/g

/** `owner`'s kept page as served: marked as the copy, with its offline notice when `offline`; null
 * when there is none, or when its scripts are not this version's. */
async function keptPage(owner: string, offline: boolean): Promise<Response | null> {
  const cache = await caches.open(KEPT_HISTORY_CACHE)
  const copy = await cache.match(keptHistoryKey(owner))
  if (!copy) return null
  let html = await copy.text()
  const scripts = [...new Set(html.match(SCRIPT_URLS) ?? [])]
  if (scripts.length === 0) return null
  const precached = await Promise.all(scripts.map((url) => matchPrecache(url)))
  if (precached.some((r) => !r)) {
    await cache.delete(keptHistoryKey(owner))
    return null
  }
  const readAt = Number(copy.headers.get(KEPT_AT_HEADER))
  html = html.replace(
    DATA_BLOCK,
    `${DATA_BLOCK} ${KEPT_AT_ATTRIBUTE}="${readAt}"${offline ? ` ${KEPT_OFFLINE_ATTRIBUTE}=""` : ''}`,
  )
  if (offline)
    html = html.replace(EMPTY_NOTICE_PLACE, `<div ${OFFLINE_NOTICE_ATTRIBUTE}="">${offlineNoticeHtml(readAt)}</div>`)
  const headers = new Headers(copy.headers)
  headers.delete(KEPT_AT_HEADER)
  headers.set('Cache-Control', 'no-store')
  const policy = headers.get('content-security-policy')
  const nonce = policy && /'nonce-([^']+)'/.exec(policy)?.[1]
  if (policy && nonce) {
    const next = freshNonce()
    headers.set('content-security-policy', policy.replaceAll(`'nonce-${nonce}'`, `'nonce-${next}'`))
    html = html.replaceAll(`nonce="${nonce}"`, `nonce="${next}"`)
  }
  return new Response(html, { status: 200, headers })
}

/**
 * The history's navigation: the server's page when it answers (a copy kept), else the kept copy
 * (its notice filled in when the network failed, not when it was only slow or the server failing),
 * else `fallback` (the precached shell).
 */
export async function historyNavigation(
  options: RouteHandlerCallbackOptions,
  fallback: (options: RouteHandlerCallbackOptions) => Promise<Response>,
): Promise<Response> {
  const { request, event } = options
  const owner = await ownerNow()
  if (!owner) return fallback(options)
  const network = fetch(request)
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), NETWORK_TIMEOUT_MS)))
  const outcome = await Promise.race([network.catch(() => 'failed' as const), late])
  clearTimeout(timer)
  if (outcome instanceof Response && outcome.status < 500) {
    event.waitUntil(keep(outcome.clone(), owner).catch(() => undefined))
    return outcome
  }
  // The server answered with an error of its own (busy, failing): the kept page rather than an
  // error page, the app then learning the rest from its own requests.
  if (outcome instanceof Response) return (await keptPage(owner, false).catch(() => null)) ?? outcome
  // Slow, not failed: its answer is kept for the next start.
  if (outcome === 'late') event.waitUntil(network.then((response) => keep(response, owner)).catch(() => undefined))
  return (await keptPage(owner, outcome === 'failed').catch(() => null)) ?? fallback(options)
}

let keeping: Promise<void> | null = null

/** The server's history page fetched and kept for the person signed in, if anyone is (one fetch
 * at a time: asks made meanwhile share it). */
export function keepHistoryNow(path: string): Promise<void> {
  keeping ??= (async () => {
    const owner = await ownerNow()
    if (!owner) return
    const response = await fetch(path, { credentials: 'same-origin', headers: { Accept: 'text/html' } })
    await keep(response, owner)
  })().finally(() => (keeping = null))
  return keeping
}
