// Whose data this device shows (issue 25, item 1). The server sets OWNER_COOKIE, an opaque tag of
// the signed-in user, beside the session cookie and with the same end (server/auth/device-owner).
// Read synchronously at start, before anything is painted: the persisted query cache is kept and
// read under that tag only, so a screen is never painted from another user's copy, online or
// offline; with no tag (no session, or signed out on this device) nothing is read at all. When the
// tag is not the one of the last start, every other user's copies (persisted queries, the
// service worker's API cache) are dropped before the first request.
import { API_CACHE, KEPT_HISTORY_CACHE } from '../contract/paths'
import { OWNER_COOKIE } from '../contract/session-names'
import { readCookie, signOutPending } from './signed-out'

const QUERY_CACHE_PREFIX = 'silo-query-cache'
/** The tag of the last start: a change of person is noticed even when nobody signed out. */
const LAST_OWNER_KEY = 'silo-proprietaire'

/** The tag of the session this browser holds now, or null (none, or signed out on this device). */
const currentOwner = (): string | null => (signOutPending() ? null : readCookie(OWNER_COOKIE) || null)

const atStart = currentOwner()

function local(): Storage | null {
  try {
    return globalThis.localStorage ?? null
  } catch {
    return null // storage disabled (private mode)
  }
}

/**
 * The persisted query cache's storage, bound to the owner this page started with: it reads and
 * writes `silo-query-cache:<tag>`, and stops writing if the browser's owner changes under the page
 * (another tab signed in as someone else): this page's copy must not become theirs.
 */
export function ownerStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const keyOf = (key: string) => `${key}:${atStart}`
  return {
    getItem: (key) => (atStart ? (local()?.getItem(keyOf(key)) ?? null) : null),
    setItem: (key, value) => {
      if (atStart && currentOwner() === atStart) local()?.setItem(keyOf(key), value)
    },
    removeItem: (key) => {
      if (atStart) local()?.removeItem(keyOf(key))
    },
  }
}

export const QUERY_CACHE_KEY = QUERY_CACHE_PREFIX

let settled: Promise<void> | undefined

/**
 * Once per page, before the first request: another person than at the last start, the service
 * worker's API cache (their answers) goes. The rest of their copies go after the first screen
 * (api/others-copies, from offline/seal); nothing of them is read meanwhile (ownerStorage).
 */
export function deviceReadyForOwner(): Promise<void> {
  if (settled) return settled
  const storage = local()
  if (!storage || (atStart !== null && storage.getItem(LAST_OWNER_KEY) === atStart))
    return (settled = Promise.resolve())
  if (atStart) storage.setItem(LAST_OWNER_KEY, atStart)
  else storage.removeItem(LAST_OWNER_KEY)
  settled =
    'caches' in globalThis
      ? Promise.all([caches.delete(API_CACHE), caches.delete(KEPT_HISTORY_CACHE)]).then(
          () => undefined,
          () => undefined,
        )
      : Promise.resolve()
  return settled
}

/** The person this page started for is still the one signed in here (no sign-out, no other
 * sign-in in another tab): background work for them may go on. */
export const stillSignedIn = () => currentOwner() === atStart && !signOutPending()

/** This page's owner: whose copies stay when the others' go. */
export const ownerAtStart = () => atStart

/** The page started with no session: the app goes to sign-in without asking the server. */
export const startedSignedIn = () => atStart !== null
