// The member's snapshot for no signal (issue 50, contract/hors-connexion): one conditional GET
// brings everything an order needs, and the per-article reads of the order-line form and the
// payment step (supplements, minerals, delivery constraints and address checks per address, an
// article's bounds, the terms per article) are answered from it with the domain's own rules
// (domain/hors-connexion), online too: the snapshot's version changes with anything in it and is
// asked again when the app comes back to the foreground and every 10 minutes, the server checks
// every order anyway, and the form then answers at once instead of waiting for a round trip per
// article on one bar of signal. Without a snapshot on the device (the first seconds after a
// sign-in), those reads go to the server as before.
//
// The snapshot held in memory is the device's (offline/snapshot, in IndexedDB), read once per
// member through the loader the app gives (src/api never imports src/offline).
import { HorsConnexion, horsConnexionPath } from '../contract/hors-connexion'
import { ApiError, NetworkError } from './api-error'
import { FROM_CACHE_HEADER } from './connection'
import { request } from './http-client'

export type SnapshotAnswer = { changed: true; snapshot: HorsConnexion } | { changed: false }

/**
 * GET hors-connexion with If-None-Match when a version is held: `changed: false` on 304 (nothing to
 * download). An answer that is not the server's (a cache's) is no answer: NetworkError.
 */
export async function fetchHorsConnexion(
  numTiers: string,
  version: string | null,
  signal?: AbortSignal,
): Promise<SnapshotAnswer> {
  let fromCache = false
  try {
    const snapshot = await request(horsConnexionPath(numTiers), HorsConnexion, {
      headers: version ? { 'If-None-Match': `"${version}"` } : {},
      signal,
      // A snapshot is never shared with another read in flight (headersOut says so to the client).
      headersOut: (headers) => void (fromCache = headers.has(FROM_CACHE_HEADER)),
      // The largest member's snapshot is some hundreds of KB compressed: on 1.6 Mbit/s, seconds.
      timeoutMs: 120_000,
    })
    if (fromCache) throw new NetworkError(new Error('réponse du cache'))
    return { changed: true, snapshot }
  } catch (e) {
    if (e instanceof ApiError && e.status === 304) return { changed: false }
    throw e
  }
}

type Loader = (numTiers: string) => Promise<HorsConnexion | null>
let loader: Loader = () => Promise.resolve(null)
const held = new Map<string, Promise<HorsConnexion | null>>()

/** The app says where the device's snapshots are read from (offline/snapshot). */
export function setSnapshotLoader(load: Loader): void {
  loader = load
  held.clear()
}

/** The member's snapshot held on this device, or null (none yet). Read once from the device. */
function snapshotFor(numTiers: string): Promise<HorsConnexion | null> {
  let p = held.get(numTiers)
  if (!p) {
    p = loader(numTiers).catch(() => null)
    held.set(numTiers, p)
    // None on the device: asked again next time (the preparation may have brought it meanwhile).
    void p.then((s) => s === null && held.get(numTiers) === p && held.delete(numTiers))
  }
  return p
}

/** A snapshot came in (or was read again from the device): the per-article answers follow it. */
export function holdSnapshot(snapshot: HorsConnexion): void {
  held.set(snapshot.numTiers, Promise.resolve(snapshot))
}

/** Forgets what is held (sign-out, another member): nothing of theirs answers any more. */
export function forgetSnapshots(): void {
  held.clear()
}

/** The answer from the member's snapshot when the device holds one, else the server's. */
export async function fromSnapshotOr<T>(
  numTiers: string,
  answer: (snapshot: HorsConnexion) => T,
  server: () => Promise<T>,
): Promise<T> {
  const snapshot = await snapshotFor(numTiers)
  return snapshot ? answer(snapshot) : server()
}

/** The server's answer; without one (no network), the member's snapshot on this device, if any.
 * For the lists the device's query copy leaves to the snapshot (app/query-persistence). */
export async function serverOrSnapshot<T>(
  numTiers: string,
  server: () => Promise<T>,
  answer: (snapshot: HorsConnexion) => T,
): Promise<T> {
  try {
    return await server()
  } catch (e) {
    const snapshot = e instanceof NetworkError ? await snapshotFor(numTiers) : null
    if (snapshot) return answer(snapshot)
    throw e
  }
}
