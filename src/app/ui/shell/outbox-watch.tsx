// Loaded (React.lazy) once the first screen is shown (main-shell): makes the device this user's
// (device-adoption), follows their outbox live with Dexie and brings the sender and its status
// line only while something needs them. With it, the preparation for no signal (issue 24), so that
// the first screen carries nothing of it.
import { lazy, Suspense } from 'react'
import { useOutboxNeedsAttention } from '../../../offline/outbox-count'
import { useDeviceAdoption } from './device-adoption'

const OutboxStatus = lazy(() => import('./outbox-status'))
// Its own chunk: the names of what it loads stay out of the first screen's code.
const PreparationWatch = lazy(() => import('./preparation-watch'))

export default function OutboxWatch({ owner, numTiers }: { owner: string; numTiers: string }) {
  useDeviceAdoption(owner)
  const busy = useOutboxNeedsAttention(owner)
  return (
    <>
      <Suspense fallback={null}>
        <PreparationWatch key={numTiers} numTiers={numTiers} />
        {busy && <OutboxStatus owner={owner} />}
      </Suspense>
    </>
  )
}
