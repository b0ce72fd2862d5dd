// spec: login — one button, Se connecter; on failure it shows Erreur d'authentification.
// Served two ways: in the app (an in-app navigation, the installed app's start), and as the
// server's static page to a direct navigation (issue 29: no React in the browser there, a few
// lines of script, src/app/sign-in.ts). One markup for both.
import { lazy, Suspense } from 'react'
import { createFileRoute } from '@tanstack/react-router'
import { Block, Button } from 'konsta/react'
import { SiteFooter } from '../ui/shell/site-footer'
import { useStaticPage } from '../ui/shell/static-page'
import { STRONG_BUTTON } from '../ui/button-colors'
import { SESSION_PATHS } from '../../contract/session-names'
import { OthersWaitingNotice } from '../features/session/others-waiting-notice'
import { useOnIfSignedIn } from '../features/session/signed-in-already'
import { safeRedirect } from './-search'

// Loaded with the page, not with the app's first screen (it reads IndexedDB).
const OthersWaiting = lazy(() => import('../features/session/others-waiting'))

interface LoginSearch {
  redirectFrom?: string
  error?: boolean
}

export const Route = createFileRoute('/login')({
  staticData: { title: 'Login' },
  validateSearch: (s: Record<string, unknown>): LoginSearch => ({
    redirectFrom: safeRedirect(s.redirectFrom),
    error: s.error === undefined || s.error === false || s.error === 'false' ? undefined : true,
  }),
  component: LoginPage,
})

function LoginPage() {
  const { redirectFrom, error } = Route.useSearch()
  const staticPage = useStaticPage()
  useOnIfSignedIn(redirectFrom, Boolean(error))
  return (
    <div className="flex flex-1 flex-col bg-white">
      {/* From the top, the footer at the screen's bottom and the notices' tray below it
          (notice-tray.tsx): when a notice comes or goes, the room between them changes and
          nothing above moves; the notices never cover the footer's links (issue 43). */}
      <main className="flex flex-1 flex-col items-center gap-6 px-4 pt-10 pb-10 text-center">
        <img src="/favicon.svg" alt="" width={120} height={120} />
        <h1 className="text-3xl font-bold text-silo-green">Silo</h1>
        <p className="text-lg text-neutral-800">Commandez vos aliments auprès de votre coopérative.</p>
        {error && (
          <Block
            role="alert"
            className="!m-0 rounded-lg border-2 border-red-700 bg-red-50 !py-3 text-base font-semibold text-red-800"
          >
            Erreur d'authentification
          </Block>
        )}
        {/* The server's sign-in page sets the session cookie, then comes back to redirectFrom: a
            form, so that "Se connecter" works before (and without) any script. */}
        <form method="get" action={SESSION_PATHS.login} className="flex w-full justify-center">
          <input type="hidden" name="redirectFrom" value={redirectFrom ?? '/'} />
          <Button
            type="submit"
            large
            rounded
            colors={STRONG_BUTTON}
            // As high as its words need: with the text at 200 % they take two lines (issue 43).
            className="touch-target h-auto min-h-12 w-full max-w-xs py-2 text-lg font-semibold"
          >
            Se connecter
          </Button>
        </form>
        {/* Below the button: said once the device has looked, it moves nothing above. */}
        {staticPage ? (
          <OthersWaitingNotice hidden />
        ) : (
          <Suspense>
            <OthersWaiting />
          </Suspense>
        )}
      </main>
      <SiteFooter />
    </div>
  )
}
