// Cookie consent (ordering-area §1, §4, §9): shown until accepted; the choice is the cookie
// COOKIE_CONSENT, kept one year. Silo sets only cookies it needs to work, and says so.
import { useState, useSyncExternalStore } from 'react'
import { acceptCookies, consentIn } from './cookie-choice'
import { useStaticPage } from './static-page'
import { SIGN_IN_MARK } from './sign-in-marks'

/** Nothing to watch: the choice changes only by this notice's own button (its state below). */
const noChanges = () => () => {}

export function CookieConsent() {
  const staticPage = useStaticPage()
  // The server's render for a hydration cannot know, hence neither can the hydration: the
  // browser's answer after. The static sign-in page knows from its request's cookies.
  const toAsk = useSyncExternalStore(
    noChanges,
    () => !consentIn(document.cookie),
    () => (staticPage ? !staticPage.cookieConsented : false),
  )
  const [visible, setVisible] = useState(true)
  if (!toAsk || !visible) return null
  const accept = () => {
    acceptCookies()
    setVisible(false)
  }
  return (
    <section
      aria-label="Cookies"
      className="flex flex-wrap items-center gap-2 rounded-xl border-2 border-silo-gold bg-neutral-900 py-1 pr-1 pl-2 text-white shadow-lg"
    >
      <p className="min-w-0 flex-1 basis-28 text-base leading-snug">
        Cookies nécessaires seulement (
        <a href="/infos/politique" className="font-semibold text-white underline">
          confidentialité
        </a>
        ).
      </p>
      <button
        type="button"
        onClick={accept}
        data-sign-in={SIGN_IN_MARK.cookieAccept}
        className="touch-target shrink-0 rounded-lg bg-white px-2 font-bold text-neutral-900"
      >
        J'ai compris
      </button>
    </section>
  )
}
