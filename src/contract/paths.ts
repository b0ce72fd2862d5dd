// Where the server answers, for the three that must agree on it: the server (its API's 404 and
// the app's static files), and the service worker (which pages are the app's, what it caches).
// Everything else is the app's (index.html).

/** The server's path prefixes: the API, the sign-in, the public reads, the API's description. */
export const SERVER_PREFIXES = ['/web/', '/public/', '/security/', '/api/'] as const

export const isServerPath = (path: string): boolean => SERVER_PREFIXES.some((prefix) => path.startsWith(prefix))

/** The delivery history's own path (the app's home). */
export const HISTORY_PATH = '/catalog/order_history'
/** Pages whose first screen is the delivery history: `/` and `/catalog` lead there. The server
 * renders them (src/server/http/first-screen-render.ts); the service worker keeps that render
 * for the offline start (sw/kept-history.ts). */
const HISTORY_PAGES = new Set(['/', '/catalog', HISTORY_PATH])
export const isHistoryPage = (pathname: string): boolean => HISTORY_PAGES.has(pathname.replace(/\/$/, '') || '/')

/** The service worker's cache of the API's answers (sw/sw.ts), erased at logout (src/offline/wipe.ts). */
export const API_CACHE = 'silo-api-v1'

/** The service worker's copy of the server's rendered history, kept for the offline start
 * (sw/kept-history.ts): one entry, the signed-in person's, under their opaque owner tag. Dropped
 * with the API cache for anyone else (api/device-owner, api/others-copies, offline/wipe). */
export const KEPT_HISTORY_CACHE = 'silo-historique-garde-v1'

/** The cache key of `owner`'s kept page (a path of this origin that nothing else serves). */
export const keptHistoryKey = (owner: string) => `/__silo/historique-garde/${encodeURIComponent(owner)}`

// Route templates: each endpoint's path is written once, as the server's route (':name' segments,
// Hono's syntax), and the client builds its URLs from that same template with fill().
type ParamsOf<T extends string> = T extends `${string}:${infer P}/${infer Rest}`
  ? P | ParamsOf<`/${Rest}`>
  : T extends `${string}:${infer P}`
    ? P
    : never

/** The template with each ':name' replaced by its value, URL-encoded. */
export function fill<T extends string>(template: T, params: Record<ParamsOf<T>, string | number>): string {
  const values = new Map<string, string | number>(Object.entries(params))
  return template.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(values.get(name) ?? '')))
}

/** The id of the data block in a server-rendered history page (the query data it was rendered
 * from): written by the server (src/server/http/first-screen-render.ts), read by the app. */
export const FIRST_SCREEN_DATA_ID = 'silo-first-screen'

/** The server-rendered pages' inline stylesheet: the app's rules their markup can match, written by
 * the build beside the server render (`<dist>-ssr/`, src/server/http/first-screen-css.ts). */
export const FIRST_SCREEN_CSS = 'first-screen.css'

/** Where a server-rendered page keeps the buttons tapped before the app could answer them (the
 * page's inline script, src/server/http/first-screen-render.ts): the app taps them again once
 * hydrated (src/app/first-screen.ts). */
export const EARLY_TAPS_GLOBAL = '__siloEarlyTaps'

/** The server's sign-in page lists the app's files in this meta element (src/server/http/
 * sign-in-page.ts); its script prefetches them once the page is idle (src/app/sign-in.ts). */
export const APP_FILES_META = 'silo-app-files'
