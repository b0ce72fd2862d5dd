// The app's sign-in page shown to someone still signed in (issue 43, item 11): the service worker
// answers /login with the app shell, so the server cannot send them on as it does for a page it
// serves (src/server/http/static.ts). The page asks the server who is signed in, without waiting
// for it to be shown (offline it stays as it is): signed in, it goes on to where the sign-in
// would have sent them, the Historique by default. A sign-out under way (its marker), a page
// started without a session, a page the server already told its session is over (a refused
// refresh, issue 51: asking again only logged 401s), or a failure that sent the page here (?error)
// asks nothing; nor does
// a second visit within seconds of sending someone on (a screen refusing them would send them
// back: never back and forth).
import { useEffect } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { useQueryClient } from '@tanstack/react-query'
import { startedSignedIn } from '../../../api/device-owner'
import { sessionRefused } from '../../../api/http-client'
import { signOutPending } from '../../../api/signed-out'
import { meQueryOptions } from '../../../api/user'
import { signedInTarget } from '../../../contract/redirect-target'

/** When this page last sent someone on (ms). */
let sentOnAt = -Infinity

export function useOnIfSignedIn(redirectFrom: string | undefined, error: boolean) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  useEffect(() => {
    let live = true
    const check = () => {
      if (error || !startedSignedIn() || sessionRefused() || signOutPending() || performance.now() - sentOnAt < 10_000)
        return
      // Asked again, never read from the cache: a refusal (401) that sent the page here must not
      // be answered by an older copy, which would send the person back and forth.
      queryClient
        .fetchQuery({ ...meQueryOptions(), staleTime: 0 })
        .then(() => {
          if (!live || signOutPending()) return
          sentOnAt = performance.now()
          const href = signedInTarget(redirectFrom)
          void navigate({ href, replace: true })
        })
        .catch(() => undefined) // not signed in, or no answer: the sign-in page it is
    }
    check()
    // Back to this page from the browser's back-forward cache: asked again.
    const shown = (e: PageTransitionEvent) => e.persisted && check()
    window.addEventListener('pageshow', shown)
    return () => {
      live = false
      window.removeEventListener('pageshow', shown)
    }
  }, [queryClient, navigate, redirectFrom, error])
}
