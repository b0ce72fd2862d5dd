// Opens the "Cet appareil" panel from anywhere in the ordering shell (the "Plus" menu, the side
// menu, the outbox banner). The panel itself loads only when opened: nothing of it in the first
// screen.
import { lazy, Suspense, useSyncExternalStore } from 'react'

const DevicePanel = lazy(() => import('./device-panel'))

let open = false
const listeners = new Set<() => void>()
const set = (next: boolean) => ((open = next), listeners.forEach((l) => l()))
const subscribe = (l: () => void) => (listeners.add(l), () => void listeners.delete(l))

export const openDevicePanel = () => set(true)

export function DevicePanelHost({ owner, numTiers }: { owner: string; numTiers: string }) {
  const shown = useSyncExternalStore(
    subscribe,
    () => open,
    () => false,
  )
  if (!shown) return null
  return (
    <Suspense fallback={null}>
      <DevicePanel owner={owner} numTiers={numTiers} onClose={() => set(false)} />
    </Suspense>
  )
}
