// Which requests the service worker keeps for offline use: the API's reads (GET /web/**) and the
// public infos. /security/** is never kept. Shared by the worker (its route) and the page (which
// hands the worker the reads of a first visit, made before the worker controlled it).

/** The page → worker message: "fetch these reads into your cache". */
export const CACHE_READS_MESSAGE = 'CACHE_READS'

/** The member's snapshot for no signal is kept by the page itself (offline/snapshot, in IndexedDB):
 * a second copy in the worker's cache would double the largest member's megabytes, and an answer
 * from there is no answer to a conditional request. */
const NOT_CACHED = /^\/web\/v1\/tiers\/[^/]+\/hors-connexion$/

export const isCachedRead = (pathname: string) =>
  (pathname.startsWith('/web/') && !NOT_CACHED.test(pathname)) || pathname.startsWith('/public/infos/')

/** Query parameters that say when the request left rather than what it asks (the contracts'
 * dateValidite, today's date): the worker's copy is keyed without them, so the answer kept
 * yesterday is still found offline today. */
const DAY_OF_REQUEST = [{ path: /^\/web\/v1\/tiers\/[^/]+\/contrats$/, param: 'dateValidite' }]

/** The key the worker stores and looks up a read under. */
export function cacheKeyOf(href: string): string {
  const url = new URL(href)
  for (const { path, param } of DAY_OF_REQUEST) if (path.test(url.pathname)) url.searchParams.delete(param)
  return url.href
}
