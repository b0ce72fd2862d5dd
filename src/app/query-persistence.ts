// The query cache kept on the device: restored once before the app renders, then saved once a
// second at most after a change, and when the page is hidden (a phone put in a pocket: the copy
// is made then, and written by the sync persister in the next task, its throttle being 0).
// Not TanStack's own subscription (persistQueryClientSubscribe): it copies the whole cache
// (dehydrate) on every cache event and only then hands the copy to the persister's throttle. The
// preparation for no signal adds some three hundred queries, three events each: as many copies of
// a growing cache, measured 55–130 ms per task on an unthrottled CPU (issue 29). Here one copy per
// save, made when the save is due.
import {
  persistQueryClientRestore,
  persistQueryClientSave,
  type PersistQueryClientOptions,
} from '@tanstack/react-query-persist-client'

/** A change is saved within this long (as the sync persister's own throttle did). */
const SAVE_AFTER_MS = 1000
const CACHE_EVENTS = new Set(['added', 'removed', 'updated'])

function saveChanges(options: PersistQueryClientOptions): void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const save = () => {
    clearTimeout(timer)
    timer = undefined
    void persistQueryClientSave(options)
  }
  const changed = ({ type }: { type: string }) => {
    if (CACHE_EVENTS.has(type) && timer === undefined) timer = setTimeout(save, SAVE_AFTER_MS)
  }
  options.queryClient.getQueryCache().subscribe(changed)
  options.queryClient.getMutationCache().subscribe(changed)
  const saveNow = () => timer !== undefined && save()
  addEventListener('pagehide', saveNow)
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && saveNow())
}

/** Restores the device's copy (the data already in the cache, newer, stays), then saves changes. */
export function restoreAndPersist(options: PersistQueryClientOptions): Promise<void> {
  return persistQueryClientRestore(options)
    .catch(() => undefined) // an unreadable copy is dropped by the restore itself: start without it
    .then(() => saveChanges(options))
}
