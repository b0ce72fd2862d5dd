// What the first screen does not show is loaded once it is shown and the browser is idle: the
// cart badge and the outbox watch (Dexie, about 30 KB gzip), the history's copy for offline use.
// They used to load with the first screen and delay it on a slow phone.
import { startTransition, useEffect, useState } from 'react'
import { useRouterState } from '@tanstack/react-router'
import { warmDb } from '../../offline/db-warm'
import { whenIdle } from './when-idle'

/**
 * False until the first screen is shown (the router has loaded its data) and the browser has been
 * idle after it, then true for good: nothing here competes with the first screen's own request.
 */
export function useAfterFirstPaint(): boolean {
  const loading = useRouterState({ select: (s) => s.status === 'pending' || s.isLoading })
  const [ready, setReady] = useState(false)
  // In a transition: what mounts then (the cart badge, the advice…) renders in slices, not in one
  // long task; and once Dexie is evaluated, each of its parts in a task of its own (issue 29).
  useEffect(() => {
    if (ready || loading) return
    let cancelled = false
    const cancelIdle = whenIdle(() => {
      void warmDb().then(() => {
        if (!cancelled) startTransition(() => setReady(true))
      })
    })
    return () => {
      cancelled = true
      cancelIdle()
    }
  }, [ready, loading])
  return ready
}
