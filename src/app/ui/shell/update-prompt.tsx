// A new version of the app is ready: the user chooses when to switch. It is not offered while
// orders wait in the outbox (their sending must finish first) or while the order form is open.
import { lazy, Suspense, useEffect, useState } from 'react'
import { onUpdateWaiting } from '../../pwa/update-waiting'
import { useUpdatesHeld } from '../../pwa/update-holds'

// Loaded only once an update actually waits: the toast (Konsta) and the outbox check (Dexie).
const UpdateToast = lazy(() => import('./update-toast'))

export function UpdatePrompt() {
  const [apply, setApply] = useState<(() => void) | null>(null)
  const held = useUpdatesHeld()
  useEffect(() => {
    onUpdateWaiting((fn) => setApply(() => fn))
    return () => onUpdateWaiting(null)
  }, [])
  if (!apply || held) return null
  return (
    <Suspense fallback={null}>
      <UpdateToast apply={apply} />
    </Suspense>
  )
}
