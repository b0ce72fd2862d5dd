// Registers the service worker of production builds (the dev server has none). Loaded once the
// first screen is shown (main.tsx), as Workbox advises: workbox-window and the worker's install
// (its precache downloads) never compete with the first screen.
import { Workbox } from 'workbox-window'
import { CACHE_READS_MESSAGE, isCachedRead } from '../../api/cached-reads'
import { announceUpdate } from './update-waiting'

let registered = false

/** Same-origin API reads the page made (or started) before `before` (a performance.now() time):
 * its fetches, and the reads the server announced with the page (`link` preloads). */
function readsStartedBefore(entries: readonly PerformanceEntry[], before: number): string[] {
  const initiators = new Set(['fetch', 'link'])
  return entries
    .filter((e) => initiators.has((e as PerformanceResourceTiming).initiatorType) && e.startTime < before)
    .map((e) => new URL(e.name))
    .filter((url) => url.origin === location.origin && isCachedRead(url.pathname))
    .map((url) => url.pathname + url.search)
}

export function registerServiceWorker() {
  if (registered || !import.meta.env.PROD || !('serviceWorker' in navigator)) return
  registered = true
  const wb = new Workbox('/sw.js')
  let firstControl = true

  wb.addEventListener('controlling', (event) => {
    if (event.isUpdate) {
      // The user asked for the new version: reload so code and precache agree.
      window.location.reload()
      return
    }
    if (!firstControl) return
    firstControl = false
    // The first visit's API answers went out before the worker controlled the page, so its
    // runtime cache missed them (STACK.md pitfall). The worker fetches them itself, into its
    // cache: the page does not fetch and render everything a second time on a slow phone.
    // Reads still under way now are sent as they end (the observer sees them).
    const controlledAt = performance.now()
    const send = (urls: string[]) =>
      urls.length > 0 && wb.messageSW({ type: CACHE_READS_MESSAGE, urls }).catch(() => undefined)
    void send(readsStartedBefore(performance.getEntriesByType('resource'), controlledAt))
    const late = new PerformanceObserver((list) => void send(readsStartedBefore(list.getEntries(), controlledAt)))
    late.observe({ type: 'resource' })
    setTimeout(() => late.disconnect(), 60_000)
  })

  // A new version waits: it takes over only when the user says so (never mid-order).
  wb.addEventListener('waiting', () => announceUpdate(() => wb.messageSkipWaiting()))

  // Blocked or failing registration: the app works online without it.
  wb.register().catch(() => undefined)
}
