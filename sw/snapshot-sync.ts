/// <reference lib="webworker" />
// Periodic Background Sync (issue 50): where the installed app has it, the browser wakes the worker
// now and then with Silo closed, and the snapshots for no signal the signed-in person keeps on this
// device are asked again, each with its version (If-None-Match): a 304 when nothing changed, else
// the new one is kept (offline/snapshot). Only the owner the browser's cookie names (the device-owner
// tag) has theirs refreshed; the server checks the session may act for each member (a refusal
// changes nothing). Kept apart from sw.ts, which only imports it.
import * as v from 'valibot'
import { HorsConnexion, horsConnexionPath } from '../src/contract/hors-connexion'
import { OWNER_COOKIE } from '../src/contract/session-names'
import { markSnapshotChecked, snapshotRowsOf, SNAPSHOT_SYNC_TAG, storeSnapshot } from '../src/offline/snapshot'

declare const self: ServiceWorkerGlobalScope & {
  cookieStore?: { get(name: string): Promise<{ value: string } | null> }
}

async function refreshSnapshots(): Promise<void> {
  const owner = (await self.cookieStore?.get(OWNER_COOKIE).catch(() => null))?.value
  if (!owner) return // signed out, or no cookieStore here: the open app refreshes them
  for (const row of await snapshotRowsOf(owner)) {
    const res = await fetch(horsConnexionPath(row.numTiers), {
      credentials: 'include',
      headers: { Accept: 'application/json', 'If-None-Match': `"${row.version}"` },
    }).catch(() => null)
    if (!res) return // no network: next time
    if (res.status === 304) await markSnapshotChecked(owner, row.numTiers, row.version, new Date())
    else if (res.ok) {
      const parsed = v.safeParse(HorsConnexion, await res.json().catch(() => null))
      if (parsed.success && parsed.output.numTiers === row.numTiers)
        await storeSnapshot(owner, parsed.output, new Date())
    }
  }
}

self.addEventListener('periodicsync', (event: Event) => {
  const e = event as ExtendableEvent & { tag?: string }
  if (e.tag === SNAPSHOT_SYNC_TAG) e.waitUntil(refreshSnapshots())
})
