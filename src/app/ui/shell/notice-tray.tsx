// The install and cookie notices (issue 16, defect 2; issue 43, item 11): one at a time, in a
// compact tray at the page's end that stays stuck to the bottom of the screen (above the phone's
// tab bar) while the page scrolls under it. In the flow, never laid over the page: nothing shifts
// when a notice appears (it comes at the end of the document), the page's end scrolls clear of
// it, and a short page (the sign-in page) lays its footer above it rather than under it.
// The cookie notice first, until "J'ai compris"; then the install offer, when the browser has made
// one (it keeps it): together they covered a third of a phone's screen.
// When the screen is short for its text (200 % text on a phone, a phone held sideways), the tray
// is not stuck: it waits at the page's end (styles.css, .notice-tray).
import { useSyncExternalStore } from 'react'
import { consentIn, subscribeConsent } from './cookie-choice'
import { CookieConsent } from './cookie-consent'
import { InstallPrompt } from './install-prompt'
import { useStaticPage } from './static-page'
import { useCookieAskedInHtml } from './rendered-consent'

export function NoticeTray() {
  const staticPage = useStaticPage()
  // The server's render knows from its request's cookies (the static sign-in page's, and the
  // history's: ./rendered-consent), and the hydration renders what that HTML holds; the browser's
  // answer after.
  const askedInHtml = useCookieAskedInHtml()
  const cookieAsked = useSyncExternalStore(
    subscribeConsent,
    () => !consentIn(document.cookie),
    staticPage ? () => !staticPage.cookieConsented : askedInHtml,
  )
  return (
    <div className="notice-tray sticky z-40 border-t border-black/20 bg-white px-2 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] sm:ml-4 sm:max-w-md sm:border-0 sm:bg-transparent sm:pb-4">
      {cookieAsked && <CookieConsent />}
      {/* The static sign-in page has it hidden, for its script to show once the cookie notice is
          answered and the browser offers the install. */}
      {(!cookieAsked || staticPage) && <InstallPrompt />}
    </div>
  )
}
