import { createRouter, type RouterHistory } from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import { routeTree } from './routeTree.gen'

/** The app's router; the server's first-screen render gives it a memory history at the page asked,
 * and the response's CSP nonce. */
export function createAppRouter(queryClient: QueryClient, server?: { history: RouterHistory; nonce?: string }) {
  return createRouter({
    routeTree,
    ...(server ? { history: server.history, ssr: { nonce: server.nonce } } : {}),
    context: { queryClient },
    // Scroll position is restored when navigating back (cart-orders-admin §2). Not in the server's
    // render: its inline script (a `scrollTo` in the middle of the page's parsing) forced a layout of
    // the whole history before the first paint (8.4 ms, ×4 in Lighthouse's mobile CPU); the app
    // restores the scroll itself once hydrated, and renders nothing there (its script is the server's).
    scrollRestoration: !server,
    // Loaders read through TanStack Query, which already caches: let it decide freshness.
    defaultPreloadStaleTime: 0,
    defaultPreload: 'intent',
    // Plain query strings (?numero=12345), not the JSON-encoded default (?numero=%2212345%22):
    // every search param of the spec is text, and URLs get read aloud and typed on phones.
    parseSearch: (search) => Object.fromEntries(new URLSearchParams(search)),
    stringifySearch: (search) => {
      const params = new URLSearchParams()
      for (const [k, v] of Object.entries(search)) if (v !== undefined && v !== null) params.set(k, String(v))
      const qs = params.toString()
      return qs ? `?${qs}` : ''
    },
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
  interface StaticDataRouteOption {
    /** The route's title: the page title and the breadcrumb are the chain of these. */
    title?: string
  }
}
