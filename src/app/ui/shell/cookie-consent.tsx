// Cookie consent (ordering-area §1, §4, §9): shown until accepted (the notice tray decides when);
// the choice is the cookie COOKIE_CONSENT, kept one year. Silo sets only cookies it needs to
// work, and says so.
import { acceptCookies } from './cookie-choice'
import { SIGN_IN_MARK } from './sign-in-marks'

export function CookieConsent() {
  return (
    <section
      aria-label="Cookies"
      data-sign-in={SIGN_IN_MARK.cookie}
      className="flex flex-wrap items-center gap-x-2 rounded-xl border-2 border-silo-gold bg-neutral-900 py-0.5 pr-0.5 pl-2 text-white shadow-lg"
    >
      {/* Its text never over 6.5 % of the screen's width: at 200 % on a 320px phone
          "(confidentialité)." did not fit its line and its final stop went to the next (issue 51). */}
      <p className="min-w-0 flex-1 basis-[10rem] text-[length:min(1rem,6.5vw)] leading-snug">
        Cookies nécessaires seulement (
        <a href="/infos/politique" className="font-semibold text-white underline">
          confidentialité
        </a>
        ).
      </p>
      <button
        type="button"
        onClick={acceptCookies}
        data-sign-in={SIGN_IN_MARK.cookieAccept}
        className="touch-target ml-auto shrink-0 rounded-lg bg-white px-2 font-bold text-neutral-900"
      >
        J'ai compris
      </button>
    </section>
  )
}
