// Reasons to hold a waiting app update: switching versions reloads the page, which must never
// happen while the order-line form is open. The form takes a hold while it is mounted.
import { useEffect, useSyncExternalStore } from 'react'

let holds = 0
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((l) => l())

export function useHoldUpdates(active = true) {
  useEffect(() => {
    if (!active) return
    holds += 1
    emit()
    return () => {
      holds -= 1
      emit()
    }
  }, [active])
}

export function useUpdatesHeld(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    () => holds > 0,
    () => false,
  )
}
