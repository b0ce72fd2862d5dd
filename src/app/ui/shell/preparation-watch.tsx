// Loaded (React.lazy) once the first screen is shown and the browser is idle (main-shell): keeps the
// member's snapshot for no signal current (src/offline/preparation, issue 50) — at once (sign-in,
// or an adviser's choice of member: a new numTiers mounts it again), when the app comes back to
// the foreground online, when the server answers again after a cut, and every 10 minutes while the
// page is visible. Each time one conditional request: a 304 when nothing changed. Renders nothing.
import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { isOnline, subscribeConnection } from '../../../api/connection'
import { prepareForNoSignal } from '../../../offline/preparation'
import { whenIdle } from '../when-idle'
import { readRound } from '../../../api/round'

const CHECK_EVERY_MS = 10 * 60_000

export default function PreparationWatch({ numTiers }: { numTiers: string }) {
  const queryClient = useQueryClient()
  useEffect(() => {
    // An adviser's round: every member's copy is kept current too, one after the other (issue 52).
    const prepare = (force = false) => {
      void prepareForNoSignal(queryClient, numTiers, force)
      for (const m of readRound()?.membres ?? [])
        if (m.numTiers !== numTiers) void prepareForNoSignal(queryClient, m.numTiers, force)
    }
    const cancel = whenIdle(() => prepare())
    let wasOnline = isOnline()
    const unsubscribe = subscribeConnection(() => {
      const now = isOnline()
      if (now && !wasOnline) whenIdle(() => prepare())
      wasOnline = now
    })
    // Back to the foreground (after having been hidden: a page shown for the first time is not
    // "back"): the farmer may have walked back into signal, or the ERP posted.
    let wasHidden = document.visibilityState === 'hidden'
    const onVisible = () => {
      if (document.visibilityState === 'hidden') return void (wasHidden = true)
      if (wasHidden && isOnline()) prepare(true)
      wasHidden = false
    }
    document.addEventListener('visibilitychange', onVisible)
    const timer = setInterval(() => document.visibilityState === 'visible' && prepare(true), CHECK_EVERY_MS)
    return () => {
      cancel()
      unsubscribe()
      document.removeEventListener('visibilitychange', onVisible)
      clearInterval(timer)
    }
  }, [queryClient, numTiers])
  return null
}
