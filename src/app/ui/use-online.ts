// navigator.onLine as React state. It only knows whether a network interface is up, not whether
// the server answers: screens also treat a failed refetch as "offline" (see OfflineNotice).
import { useSyncExternalStore } from 'react'

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange)
  window.addEventListener('offline', onChange)
  return () => {
    window.removeEventListener('online', onChange)
    window.removeEventListener('offline', onChange)
  }
}

export const useOnline = (): boolean =>
  useSyncExternalStore(subscribe, () => navigator.onLine, () => true)
