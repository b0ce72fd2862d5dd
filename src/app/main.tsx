import { startTransition, StrictMode, useEffect, type ReactNode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { RouterProvider } from '@tanstack/react-router'
import { hydrate, QueryClientProvider } from '@tanstack/react-query'
import { askOnScreen, startFromKeptPage } from '../api/connection'
import { onSessionLost, setHeadersFor } from '../api/http-client'
import { roundProofHeaders } from '../api/round'
import { nextTask } from '../api/next-task'
import { watchPendingSignOut } from '../api/signed-out'
import { createQueryClient, createPersistOptions } from './query-client'
import { restoreAndPersist, restoreLeftOut } from './query-persistence'
import { setSnapshotLoader } from '../api/hors-connexion'
import { warmDb } from '../offline/db-warm'
import { createAppRouter } from './router'
import { captureInstallPrompt } from './pwa/install'
import { appStylesheet } from './app-stylesheet'
import { FIRST_SCREEN_ROUTE, replayEarlyTaps, takeFirstScreen } from './first-screen'
import './styles.css'

// Before anything else: Chromium may fire beforeinstallprompt very early.
captureInstallPrompt()

const queryClient = createQueryClient()
// The history rendered by the server (issue 29): its data, to start from what it rendered.
const firstScreen = takeFirstScreen()
if (firstScreen) hydrate(queryClient, firstScreen.state)
// The service worker's kept page, served because the server did not answer: its offline notice is
// painted already, and the hydration renders it too.
if (firstScreen?.keptOffline) startFromKeptPage()

// A sign-out made without network is told to the server as soon as it answers again.
watchPendingSignOut()
// Requests for a member of an adviser's round carry its proof (issue 52).
setHeadersFor(roundProofHeaders)

// The per-article reads are answered from the member's snapshot on this device (issue 50), read
// from IndexedDB when first asked (never for the first screen: Dexie loads then, not before).
setSnapshotLoader((numTiers) =>
  warmDb()
    .then(() => import('../offline/preparation'))
    .then((m) => m.readOwnSnapshot(numTiers)),
)

/** After the hydration's commit: the taps made on the server's page before it are answered (on
 * the app's own render, they are dropped: the server's buttons are gone). Not from the effect
 * itself: parts of the page may still be hydrating (Suspense boundaries come after the root), and
 * React hydrates the part an event lands on at once only outside a commit. A wrapper, not a
 * sibling of the app: a sibling would change every useId below it from the server's (the ids
 * count siblings), and a label rendered later would no longer name its dialog. */
function Hydrated({ children }: { children: ReactNode }) {
  useEffect(() => {
    const later = setTimeout(() => {
      replayEarlyTaps()
      // The worker's kept page: what the device read since it was rendered (query-persistence).
      restoreLeftOut(queryClient)
    }, 0)
    return () => clearTimeout(later)
  }, [])
  return children
}

const root = document.getElementById('root')!

/**
 * Each step in a task of its own — the modules' evaluation, the router's creation, the device's
 * copy restored, the router's load, the first render — so the page answers the farmer's taps
 * between them (issue 29: together they made one task of 40 ms unthrottled, 160 ms at 4× CPU).
 */
async function start() {
  await nextTask()
  const router = createAppRouter(queryClient)
  // Each screen shown asks whether the server is still there (api/connection.ts).
  router.subscribe('onResolved', askOnScreen)
  // The session could not be refreshed: forget what this user saw and ask them to sign in again,
  // coming back afterwards to where they were.
  onSessionLost(() => {
    queryClient.clear()
    const here = router.latestLocation
    if (here.pathname === '/login') return
    void router.navigate({ to: '/login', search: { redirectFrom: here.href } })
  })
  // The static shell of index.html stays until the router has rendered the first screen
  // (onResolved comes after that commit), then goes in the same frame: no blank page between.
  const persistOptions = { queryClient, ...createPersistOptions() }
  const unsubscribe = router.subscribe('onResolved', () => {
    document.getElementById('boot')?.remove()
    unsubscribe()
    registerWorker()
  })
  const app = (
    <StrictMode>
      <Hydrated>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </Hydrated>
    </StrictMode>
  )
  await nextTask()
  // The device's copy is restored before anything renders, outside React: loaders read the cache.
  // On the server's page, a provider's "restoring" state would flip while the page hydrates, and
  // React would then hydrate everything under it at once, in one long task (measured 160–400 ms
  // at 4× CPU, issue 29). The server's fresher data stays: the restore leaves out what it rendered.
  const persistence = restoreAndPersist(persistOptions, firstScreen?.state, firstScreen?.keptAt !== undefined)
  if (!firstScreen) {
    // Not as a transition: measured (4× CPU slowdown, long-animation-frame blocking time), a
    // transition render made the router's store updates render again and blocked the page twice
    // as long (median 310–388 ms against 167–178 ms).
    await Promise.all([appStylesheet(), persistence])
    createRoot(root).render(app)
    return
  }
  // The server's page is hydrated once the router stands where the server rendered it (its
  // loaders read the data above: no request waits). As TanStack's own hydration marks it: the
  // router renders its matches as the server did (no Suspense boundary of its own around them),
  // so the hydrated tree is the server's.
  router.ssr = { manifest: undefined }
  await nextTask()
  // The page painted with only its own rules (FIRST_SCREEN_CSS): the whole stylesheet, which the
  // page asked for after its paint, applies before anything else renders.
  await Promise.all([persistence, router.load(), appStylesheet()])
  await nextTask()
  // In a transition, the hydration yields to the browser every few milliseconds instead of one
  // long task (the page is on screen already: nothing waits for it but the taps).
  if (router.state.matches.at(-1)?.routeId === FIRST_SCREEN_ROUTE)
    return startTransition(() => {
      hydrateRoot(root, app)
    })
  // Somewhere else after all (signed out on this device meanwhile…): the app's own render.
  router.ssr = undefined
  createRoot(root).render(app)
}
void start()

// The service worker once the first screen is shown (or 5 s after the page loaded, should the
// first screen never resolve, e.g. an error page): its install never competes with it.
function registerWorker() {
  void import('./pwa/register-sw').then((m) => m.registerServiceWorker())
}
window.addEventListener('load', () => setTimeout(registerWorker, 5000))
