// Loaded (React.lazy) once the first screen is shown (main-shell): makes the device this user's
// (device-adoption), follows their outbox live with Dexie and brings the sender and its status
// line only while something needs them.
import { lazy, Suspense } from 'react'
import { useOutboxNeedsAttention } from '../../../offline/outbox-count'
import { useDeviceAdoption } from './device-adoption'

const OutboxStatus = lazy(() => import('./outbox-status'))

export default function OutboxWatch({ owner }: { owner: string }) {
  useDeviceAdoption(owner)
  const busy = useOutboxNeedsAttention(owner)
  if (!busy) return null
  return (
    <Suspense fallback={null}>
      <OutboxStatus owner={owner} />
    </Suspense>
  )
}
