// The device's copy of a member's snapshot for no signal (issue 50, contract/hors-connexion): one
// row per signed-in user (owner, the device-owner tag) and member, in IndexedDB. It is the whole
// prepared copy: the lists the screens read are seeded into the query cache from it, and the
// per-article reads are answered from its tables (api/hors-connexion), so nothing per article is
// kept any more (13 MB for the largest member before). Like the other copies, only the owner's is
// read, and the others' go when another person comes (offline/seal) or staff stop acting for a
// member (offline/wipe). No import of api/device-owner: the service worker (sw/snapshot-sync) uses
// this module too, and names the owner itself.
import type { HorsConnexion } from '../contract/hors-connexion'
import { db, type SnapshotRow } from './db'

/** The shape of the rows' `data`: a row of another shape (an older Silo's) is dropped unread. */
const SNAPSHOT_FORMAT = 1

export type StoreResult = 'stored' | 'quota' | 'failed'

/** The storage is full: the browser's own name for it, whatever wraps it (Dexie, a DOMException). */
function isQuotaError(error: unknown): boolean {
  for (let e = error as { name?: string; inner?: unknown; cause?: unknown } | undefined; e;) {
    if (e.name === 'QuotaExceededError') return true
    e = (e.inner ?? e.cause) as typeof e
  }
  return false
}

/** The owner's row for this member, or null (none, another shape, or the database unreadable). */
export async function readSnapshotRow(owner: string, numTiers: string): Promise<SnapshotRow | null> {
  const row = await db.snapshots.get([owner, numTiers]).catch(() => undefined)
  if (!row) return null
  if (row.format !== SNAPSHOT_FORMAT || row.data?.numTiers !== numTiers) {
    await db.snapshots.delete([owner, numTiers]).catch(() => undefined)
    return null
  }
  return row
}

/** Keeps the snapshot as the owner's copy for its member. A full storage is said ('quota'): the
 * caller tells the farmer, the previous copy stays as it was. */
export async function storeSnapshot(owner: string, snapshot: HorsConnexion, checkedAt: Date): Promise<StoreResult> {
  const row: SnapshotRow = {
    owner,
    numTiers: snapshot.numTiers,
    format: SNAPSHOT_FORMAT,
    version: snapshot.version,
    genereLe: snapshot.genereLe,
    checkedAt: checkedAt.toISOString(),
    data: snapshot,
  }
  try {
    await db.snapshots.put(row)
    return 'stored'
  } catch (error) {
    return isQuotaError(error) ? 'quota' : 'failed'
  }
}

/** The server said the owner's version is still current (304): since when the copy is checked. */
export async function markSnapshotChecked(owner: string, numTiers: string, version: string, at: Date): Promise<void> {
  await db.snapshots
    .where('[owner+numTiers]')
    .equals([owner, numTiers])
    .filter((r) => r.version === version)
    .modify({ checkedAt: at.toISOString() })
    .catch(() => undefined)
}

/** Drops every user's snapshots but `keep`'s (null: everyone's). */
export async function dropSnapshots(keep: string | null): Promise<void> {
  await db.snapshots
    .filter((row) => row.owner !== keep)
    .delete()
    .catch(() => undefined)
}

/** Drops the owner's snapshots (staff stop acting for a member: offline/wipe). */
export async function dropOwnSnapshots(owner: string): Promise<void> {
  await db.snapshots
    .where('owner')
    .equals(owner)
    .delete()
    .catch(() => undefined)
}

/** The owner's rows (the service worker refreshes them with the app closed). */
export async function snapshotRowsOf(owner: string): Promise<SnapshotRow[]> {
  return db.snapshots
    .where('owner')
    .equals(owner)
    .toArray()
    .catch(() => [])
}

/** Periodic Background Sync's tag (sw/snapshot-sync): the installed app's snapshots are refreshed
 * with the app closed, where the browser allows it. */
export const SNAPSHOT_SYNC_TAG = 'silo-hors-connexion'
/** The browser decides when; not more often than this. */
const SYNC_MIN_INTERVAL_MS = 6 * 60 * 60_000

interface PeriodicSync {
  register(tag: string, options: { minInterval: number }): Promise<void>
}

/** Asks the browser to refresh the snapshots with the app closed (Periodic Background Sync: the
 * installed app in Chromium, when the site's engagement allows it). Elsewhere, nothing. */
export async function askPeriodicRefresh(): Promise<void> {
  try {
    if (!('serviceWorker' in navigator)) return
    const registration = await navigator.serviceWorker.getRegistration()
    const sync = (registration as (ServiceWorkerRegistration & { periodicSync?: PeriodicSync }) | undefined)
      ?.periodicSync
    if (!sync) return
    const permission = await navigator.permissions
      ?.query({ name: 'periodic-background-sync' as PermissionName })
      .catch(() => null)
    if (permission && permission.state !== 'granted') return
    await sync.register(SNAPSHOT_SYNC_TAG, { minInterval: SYNC_MIN_INTERVAL_MS })
  } catch {
    // not allowed here: the open app refreshes it (ui/shell/preparation-watch)
  }
}

/** Drops the owner's snapshot of one member (removed from an adviser's round: issue 52). */
export async function dropSnapshot(owner: string, numTiers: string): Promise<void> {
  await db.snapshots.delete([owner, numTiers]).catch(() => undefined)
}
