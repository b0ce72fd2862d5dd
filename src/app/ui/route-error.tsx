// A route could not load. With no signal (and nothing cached yet for it): say so and offer a retry,
// the barn's everyday case the spec did not foresee. Any other load failure follows the spec
// (cart-orders-admin §2): back to the login, flagged as a user-loading error.
// Plain markup (no Konsta): it sits in the entry chunk, which must stay small and always load.
import { useEffect } from 'react'
import { useRouter, useRouterState, type ErrorComponentProps } from '@tanstack/react-router'
import { NetworkError } from '../../api/api-error'
import { isOnline } from '../../api/connection'

/** A screen's code that could not be downloaded (no signal before the service worker had it) is
 * the network's doing too, as is any failure while the app knows the server is out of reach. */
const CHUNK_FAILED = /dynamically imported module|Importing a module script failed|error loading dynamically imported/i
const isNetworkFailure = (error: unknown) =>
  error instanceof NetworkError || (error instanceof Error && CHUNK_FAILED.test(error.message)) || !isOnline()

export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter()
  const href = useRouterState({ select: (s) => s.location.href })
  const offline = isNetworkFailure(error)
  useEffect(() => {
    if (offline) return
    // Logged for whoever looks at the console; the farmer sees the login's error. A full load of
    // the login page: the router is still inside the failed match, whose navigations it drops.
    console.error('route load failed', error)
    window.location.replace(`/login?error=true&redirectFrom=${encodeURIComponent(href)}`)
  }, [offline, error, href])
  if (!offline) return null
  // In the shell when a screen of the ordering area fails (routes/_main.tsx), alone otherwise
  // (__root.tsx puts it in a main of its own).
  const kept = typeof navigator !== 'undefined' && Boolean(navigator.serviceWorker?.controller)
  return (
    <div className="mx-auto max-w-xl p-4" role="alert">
      <h1 className="text-2xl font-bold text-neutral-900">Réseau indisponible</h1>
      <p className="my-8 text-base text-neutral-800">
        {kept
          ? 'Pas de réseau et aucune donnée enregistrée sur cet appareil pour cette page.'
          : // A browser that refuses service workers (a private window, a setting) keeps no copy of
            // the app: a screen never opened cannot come without the network (issue 43, item 9).
            'Pas de réseau : cette page n’a pas encore été ouverte sur cet appareil, et ce navigateur ne garde pas Silo pour une utilisation sans réseau (il refuse les service workers). Elle s’affichera au retour du réseau.'}
      </p>
      <button
        type="button"
        className="touch-target rounded-full bg-silo-green px-6 text-lg font-semibold text-white"
        onClick={() => {
          reset()
          void router.invalidate()
        }}
      >
        Réessayer
      </button>
    </div>
  )
}
