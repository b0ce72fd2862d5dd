// The service worker's sync event (Chromium's Background Sync): the outbox is sent when the network
// is back even if no page of Silo is open.
import { SYNC_TAG } from './outbox-flusher'

/** Asks the browser to run the service worker's sync event when the network is back (Chromium). */
export async function requestBackgroundSync(): Promise<void> {
  try {
    const nav = globalThis.navigator as { serviceWorker?: ServiceWorkerContainer } | undefined
    if (!nav?.serviceWorker) return
    const registration = (await Promise.race([nav.serviceWorker.ready, new Promise((r) => setTimeout(r, 2000))])) as
      (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined
    await registration?.sync?.register(SYNC_TAG)
  } catch {
    // No Background Sync here (Firefox, Safari): app start, `online` and the retry button remain.
  }
}
