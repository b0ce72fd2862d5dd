// Which requests the service worker keeps for offline use: the API's reads (GET /web/**) and the
// public infos. /security/** is never kept. Shared by the worker (its route) and the page (which
// hands the worker the reads of a first visit, made before the worker controlled it).

/** The page → worker message: "fetch these reads into your cache". */
export const CACHE_READS_MESSAGE = 'CACHE_READS'

export const isCachedRead = (pathname: string) => pathname.startsWith('/web/') || pathname.startsWith('/public/infos/')
