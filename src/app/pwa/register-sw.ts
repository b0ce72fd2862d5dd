// Registers the service worker of production builds (the dev server has none).
import type { QueryClient } from '@tanstack/react-query'
import { Workbox } from 'workbox-window'

type UpdateListener = (apply: () => void) => void
let onUpdate: UpdateListener | null = null
let pendingUpdate: (() => void) | null = null

/** The shell shows "new version" to the user; it subscribes here. */
export function onUpdateWaiting(listener: UpdateListener | null) {
  onUpdate = listener
  if (listener && pendingUpdate) listener(pendingUpdate)
}

export function registerServiceWorker(queryClient: QueryClient) {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
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
    // runtime cache missed them: fetch them again through it (STACK.md pitfall).
    // refetchType 'all': the user query is read by loaders only (no observer), refetch it too.
    void queryClient.invalidateQueries({ refetchType: 'all' })
  })

  // A new version waits: it takes over only when the user says so (never mid-order).
  wb.addEventListener('waiting', () => {
    pendingUpdate = () => wb.messageSkipWaiting()
    onUpdate?.(pendingUpdate)
  })

  // Blocked or failing registration: the app works online without it.
  wb.register().catch(() => undefined)
}
