/// <reference lib="webworker" />
// Silo's service worker: the app shell from the precache, API reads from the network with a
// short timeout, else from the runtime cache, so a farmer in a barn without signal still sees
// what they saw at their last visit.
import { clientsClaim } from 'workbox-core'
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { NetworkFirst } from 'workbox-strategies'
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { ExpirationPlugin } from 'workbox-expiration'
import { flushOutboxNow, SYNC_TAG, unsentFor } from '../src/offline/outbox-flusher'
import { FROM_CACHE_HEADER } from '../src/api/connection'
import { API_CACHE, SERVER_PREFIXES } from '../src/contract/paths'
import { CACHE_READS_MESSAGE, cacheKeyOf, isCachedRead } from '../src/api/cached-reads'
// The snapshots for no signal refreshed with the app closed (issue 50), where the browser allows it.
import './snapshot-sync'

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null } | string>
}

precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

// A waiting version takes over only when the page asks (the user accepted the update), so an
// order being typed is never interrupted by a new version.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: string; urls?: unknown } | null
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting()
  if (data?.type === CACHE_READS_MESSAGE && Array.isArray(data.urls)) event.waitUntil(cacheReads(data.urls, event))
})
// Claiming on activate matters for the very first install: the page then becomes controlled at
// once and its first API answers get cached. An update only activates after SKIP_WAITING (or
// once every tab is closed), so this never swaps code under a page uninvited.
clientsClaim()

// Server paths are never answered with the app shell.
const SERVER_PATHS = SERVER_PREFIXES.map((prefix) => new RegExp(`^${prefix}`))
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: SERVER_PATHS }))

// API reads: the network when it answers within 4 s, else the last good answer. Only 200s are
// kept (never an error page or a 401), for 30 days. /security/** is never cached.
const apiReads = new NetworkFirst({
  cacheName: API_CACHE,
  networkTimeoutSeconds: 4,
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxAgeSeconds: 30 * 24 * 60 * 60, maxEntries: 500, purgeOnQuotaError: true }),
    // The contracts' dateValidite (today) is left out of the key: offline tomorrow, today's copy.
    { cacheKeyWillBeUsed: async ({ request }) => cacheKeyOf(request.url) },
    // Last: an answer from the cache says so, so the page knows the server did not answer
    // (src/api/connection.ts) and when the data dates from (the server's Date header).
    { cachedResponseWillBeUsed: async ({ cachedResponse }) => cachedResponse && markFromCache(cachedResponse) },
  ],
})

function markFromCache(res: Response): Response {
  const headers = new Headers(res.headers)
  headers.set(FROM_CACHE_HEADER, res.headers.get('Date') ?? '1')
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers })
}
registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && isCachedRead(url.pathname),
  apiReads,
)

/** A first visit's reads, made before this worker controlled the page: fetched again into the
 * runtime cache by the same strategy (only the API's own paths, on this origin). */
async function cacheReads(urls: unknown[], event: ExtendableEvent) {
  const reads = urls
    .filter((u): u is string => typeof u === 'string')
    .map((u) => new URL(u, self.location.origin))
    .filter((url) => url.origin === self.location.origin && isCachedRead(url.pathname))
  await Promise.allSettled(
    reads.map((url) => apiReads.handle({ event, request: new Request(url, { credentials: 'same-origin' }) })),
  )
}

// Background Sync (Chromium): when the network is back the browser wakes the worker even with
// Silo closed. An open page sends (it holds the signed-in user); otherwise the worker sends the
// signed-in user's items itself. Items still waiting make the sync fail, so the browser tries
// again later.
self.addEventListener('sync', (event: Event) => {
  const e = event as ExtendableEvent & { tag?: string }
  if (e.tag === SYNC_TAG) e.waitUntil(syncOutbox())
})

async function syncOutbox() {
  const pages = await self.clients.matchAll({ type: 'window' })
  if (pages.length > 0) {
    for (const page of pages) page.postMessage({ type: 'flush-outbox' })
    return
  }
  const me = await fetch('/web/user/me', { credentials: 'include' })
  if (!me.ok) return // signed out: the items wait for their owner to come back
  const { username } = (await me.json()) as { username: string }
  await flushOutboxNow(username)
  if ((await unsentFor(username)) > 0) throw new Error('Envois encore en attente')
}
