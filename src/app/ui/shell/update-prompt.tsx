// A new version of the app is ready: the user chooses when to switch. It is not offered while
// orders wait in the outbox (their sending must finish first) or while the order form is open.
import { lazy, Suspense, useEffect, useState } from 'react'
import { Button, Toast } from 'konsta/react'
import { onUpdateWaiting } from '../../pwa/register-sw'
import { useUpdatesHeld } from '../../pwa/update-holds'

// Dexie is only loaded once an update actually waits.
const WhenOutboxEmpty = lazy(() => import('./when-outbox-empty'))

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
      <WhenOutboxEmpty>
        <Toast
          position="center"
          opened
          button={
            <Button clear inline className="touch-target" onClick={() => apply()}>
              Mettre à jour
            </Button>
          }
        >
          <div role="status" className="shrink text-base">Une nouvelle version de Silo est disponible.</div>
        </Toast>
      </WhenOutboxEmpty>
    </Suspense>
  )
}
