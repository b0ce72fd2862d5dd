// Loaded (React.lazy) once the first screen is shown (main-shell): follows this user's outbox live
// with Dexie and brings the sender and its status line only while something needs them.
import { lazy, Suspense } from 'react'
import { useOutboxNeedsAttention } from '../../../offline/outbox-count'

const OutboxStatus = lazy(() => import('./outbox-status'))

export default function OutboxWatch({ owner }: { owner: string }) {
  const busy = useOutboxNeedsAttention(owner)
  if (!busy) return null
  return (
    <Suspense fallback={null}>
      <OutboxStatus owner={owner} />
    </Suspense>
  )
}
