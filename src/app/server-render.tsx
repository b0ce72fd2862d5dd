// The first screen rendered on the server (issue 29): a signed-in navigation to the history gets
// its HTML already filled, from the app's own router, loaders, queries and components, and the
// query data the render read, for the browser to hydrate from without asking again.
//
// Built by Vite as a module of its own (vite.config.ts, `dist-ssr/`), loaded by the server from
// the build (src/server/http/first-screen-render.ts): the server never imports the app's sources.
// The app's reads go through the app's own fetch client; here its `fetch` is answered in-process
// by the server, with the session of the request being rendered (AsyncLocalStorage keeps each
// render's own), so every read passes the same access checks as the browser's.
import { AsyncLocalStorage } from 'node:async_hooks'
import { renderToString } from 'react-dom/server'
import { dehydrate, QueryClient, QueryClientProvider, type DehydratedState } from '@tanstack/react-query'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { createAppRouter } from './router'
import { neverCoalesce } from '../api/http-client'
import { FIRST_SCREEN_ROUTE } from './first-screen'
import { contratsQueryOptions } from '../api/contrats'
import { urlPortailQueryOptions, versionQueryOptions } from '../api/infos'
import { parametresCommandeRawQueryOptions } from '../api/parametres-commande'
import { StaticPage } from './ui/shell/static-page'
import { consentIn } from './ui/shell/cookie-choice'
import { RenderedConsent } from './ui/shell/rendered-consent'
import { offlineNoticeHtml } from '../offline/kept-history'
import { pageTitle, titledMatches } from './ui/shell/route-titles'

/** Answers one of the app's requests (a path of this server) for the request being rendered. */
export type InProcessFetch = (path: string, init: RequestInit) => Promise<Response>

/**
 * The render's own answerer, in a box emptied when the render ends: every timer, promise or
 * listener started during a render carries the store with it for as long as it lives (a library's
 * timer, a time limit), and the answerer holds the whole request (its context, its response,
 * the page). Emptied, the box they keep is a few bytes (and a read after the end fails).
 */
interface RenderScope {
  fetch: InProcessFetch | null
}
const current = new AsyncLocalStorage<RenderScope>()
neverCoalesce()
const networkFetch = globalThis.fetch
globalThis.fetch = (input, init) => {
  const local = current.getStore()?.fetch
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
  if (local && url.startsWith('/')) return local(url, init ?? {})
  return networkFetch(input, init)
}

/** Runs one render with its answerer, then empties the box whatever the render's end. */
async function inScope<T>(fetchInProcess: InProcessFetch, render: () => Promise<T>): Promise<T> {
  const scope: RenderScope = { fetch: fetchInProcess }
  try {
    return await current.run(scope, render)
  } finally {
    scope.fetch = null
  }
}

export interface FirstScreen {
  html: string
  state: DehydratedState
  /** Markup the page may be given after the server made it: the offline notice the service worker
   * writes into its kept copy. The server's cut of the inline stylesheet keeps its rules. */
  later: string
}

/**
 * The history's first screen for this session at `href` (the history's own path: the server asks
 * for it when the browser asked for `/` or `/catalog`, which lead there), or null when the page is anything else
 * (sign-in, a refusal, the contentieux dialog, another screen): the browser then starts from the
 * app shell as before.
 */
export function renderFirstScreen(
  href: string,
  fetchInProcess: InProcessFetch,
  /** The response's CSP nonce: the router's one-off scripts (scroll restoration) carry it. */
  nonce?: string,
  /** The page request's Cookie header: the cookie notice is in the HTML when it lacks the consent. */
  cookie = '',
): Promise<FirstScreen | null> {
  return inScope(fetchInProcess, async () => {
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false, networkMode: 'always', gcTime: Infinity } },
    })
    const history = createMemoryHistory({ initialEntries: [href] })
    const router = createAppRouter(queryClient, { history, nonce })
    await router.load()
    // A refusal (sign-in, not authorised…) is the browser's router to follow, from the shell.
    if (router._serverResult?.type !== 'render' || router._serverResult.status !== 200) return null
    const leaf = router.state.matches.at(-1)
    if (leaf?.routeId !== FIRST_SCREEN_ROUTE || leaf.status !== 'success') return null
    const context = leaf.context as { numTiers?: string; contentieux?: boolean }
    if (!context.numTiers || context.contentieux) return null
    // What the shell shows besides the route's data: the holiday banner, the contracts badge, the
    // footer's portal link (each a query of its component, answered here rather than after hydration).
    await Promise.allSettled([
      queryClient.prefetchQuery(parametresCommandeRawQueryOptions(context.numTiers)),
      queryClient.prefetchQuery(contratsQueryOptions(context.numTiers)),
      queryClient.prefetchQuery(urlPortailQueryOptions()),
    ])
    const html = renderToString(
      <RenderedConsent.Provider value={consentIn(cookie)}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </RenderedConsent.Provider>,
    )
    // The history's pages are in its paged query: their one-page copies (what it fetched them
    // through) would only double the page's weight.
    const state = dehydrate(queryClient, {
      shouldDehydrateQuery: (q) =>
        q.state.status === 'success' && !(q.queryKey[0] === 'livraisons' && q.queryKey[2] !== 'historique'),
    })
    queryClient.clear()
    return { html, state, later: offlineNoticeHtml(0) }
  })
}

export interface SignInPage {
  html: string
  /** The page's title, as the app's root would set it ("Silo > Login"). */
  title: string
}

/** What the sign-in page's request told the server. */
export interface SignInRequest {
  cookie: string
  userAgent: string
  /** The response's CSP nonce: the router's one-off script (scroll restoration) carries it. */
  nonce?: string
}

/**
 * The sign-in page at `href` (`/login…`) as a static page (issue 29, step 3): the app's own route
 * rendered once, never hydrated; src/app/sign-in.ts wires its buttons. Null when `href` does not
 * render the sign-in page.
 */
export function renderSignInPage(
  href: string,
  fetchInProcess: InProcessFetch,
  request: SignInRequest,
): Promise<SignInPage | null> {
  return inScope(fetchInProcess, async () => {
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false, networkMode: 'always', gcTime: Infinity } },
    })
    const history = createMemoryHistory({ initialEntries: [href] })
    const router = createAppRouter(queryClient, { history, nonce: request.nonce })
    await router.load()
    const leaf = router.state.matches.at(-1)
    if (leaf?.routeId !== '/login' || leaf.status !== 'success') return null
    // The footer's portal link and the versions' tooltip, read now: the page asks nothing more.
    await Promise.allSettled([
      queryClient.prefetchQuery(urlPortailQueryOptions()),
      queryClient.prefetchQuery(versionQueryOptions()),
    ])
    const html = renderToString(
      <StaticPage.Provider value={{ cookieConsented: consentIn(request.cookie), userAgent: request.userAgent }}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StaticPage.Provider>,
    )
    const title = pageTitle(titledMatches(router.state.matches))
    queryClient.clear()
    return { html, title }
  })
}
