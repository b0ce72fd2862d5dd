// Loaded (React.lazy) once the first screen is shown and the browser is idle (main-shell): starts
// the preparation for no signal (src/offline/preparation) for the customer acted for — at once
// (sign-in, or an adviser's choice of member: a new numTiers mounts it again), whenever the server
// answers again after a cut, and every few minutes while the page is visible if the copy is
// missing something or older than 4 h. Renders nothing.
import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { isOnline, subscribeConnection } from '../../../api/connection'
import { prepareForNoSignal, preparationDue } from '../../../offline/preparation'
import { whenIdle } from '../when-idle'

const CHECK_EVERY_MS = 10 * 60_000

export default function PreparationWatch({ numTiers }: { numTiers: string }) {
  const queryClient = useQueryClient()
  useEffect(() => {
    const prepare = () => void prepareForNoSignal(queryClient, numTiers)
    const cancel = whenIdle(prepare)
    let wasOnline = isOnline()
    const unsubscribe = subscribeConnection(() => {
      const now = isOnline()
      if (now && !wasOnline) whenIdle(prepare)
      wasOnline = now
    })
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible' && preparationDue(queryClient, numTiers)) prepare()
    }, CHECK_EVERY_MS)
    return () => {
      cancel()
      unsubscribe()
      clearInterval(timer)
    }
  }, [queryClient, numTiers])
  return null
}
