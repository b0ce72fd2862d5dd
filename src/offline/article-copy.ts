// The device's copy of the per-article reads (api/article-reads), in IndexedDB rather than with
// the rest in localStorage (issue 29). localStorage is read whole and at once at every start, and
// the restore then parses and rebuilds every query before the first screen: with the barn
// preparation's three hundred reads, 300,000 characters, most of an offline start's restore on a
// slow phone. Here they come back after the first screen, a slice per task. Kept per signed-in
// user like the localStorage copy (api/device-owner): read and written under the page's owner only,
// the others' dropped with the rest of their copies (offline/seal, offline/wipe).
import { dehydrate, hydrate, type QueryClient } from '@tanstack/react-query'
import type { PersistedClient } from '@tanstack/react-query-persist-client'
import { isArticleRead } from '../api/article-reads'
import { ownerAtStart, stillSignedIn } from '../api/device-owner'
import { nextTask } from '../api/next-task'
import { db } from './db'

/** Queries restored per task: hydrating one builds it and sets its timers (~0.2 ms each at 4×). */
const SLICE = 40

export interface CopyRules {
  /** Older than this (ms), the copy is dropped unread, as the localStorage copy's. */
  maxAge: number
  /** Written by another version of the app: dropped unread. */
  buster: string
}

/** Puts the owner's copy back into the query cache (what the cache holds newer stays, as with any
 * hydration). Resolves with the time the copy was saved, 0 when there was none to restore. */
export async function restoreArticleCopy(queryClient: QueryClient, rules: CopyRules): Promise<number> {
  const owner = ownerAtStart()
  if (!owner) return 0
  const row = await db.queryCopies.get(owner).catch(() => undefined)
  if (!row) return 0
  let copy: PersistedClient | undefined
  try {
    copy = JSON.parse(row.client) as PersistedClient
  } catch {
    copy = undefined
  }
  if (!copy?.clientState || copy.buster !== rules.buster || Date.now() - copy.timestamp > rules.maxAge) {
    await db.queryCopies.delete(owner).catch(() => undefined)
    return 0
  }
  const { queries } = copy.clientState
  for (let i = 0; i < queries.length; i += SLICE) {
    await nextTask()
    hydrate(queryClient, { mutations: [], queries: queries.slice(i, i + SLICE) })
  }
  return copy.timestamp
}

/** Writes the cache's per-article reads as the owner's copy (nothing once the owner is gone).
 * Resolves with whether the copy was written. */
export async function saveArticleCopy(queryClient: QueryClient, buster: string): Promise<boolean> {
  const owner = ownerAtStart()
  if (!owner || !stillSignedIn()) return false
  const clientState = dehydrate(queryClient, {
    shouldDehydrateQuery: (q) => q.state.data !== undefined && isArticleRead(q.queryKey),
    shouldDehydrateMutation: () => false,
  })
  const client: PersistedClient = { timestamp: Date.now(), buster, clientState }
  // Full or unavailable: the reads stay in memory, in the service worker's cache, and in the
  // first screen's copy if they were there (app/query-persistence).
  return db.queryCopies.put({ owner, client: JSON.stringify(client) }).then(
    () => true,
    () => false,
  )
}

/** Drops every user's copy but `keep`'s (null: everyone's). */
export async function dropArticleCopies(keep: string | null): Promise<void> {
  await db.queryCopies
    .filter((row) => row.owner !== keep)
    .delete()
    .catch(() => undefined)
}
