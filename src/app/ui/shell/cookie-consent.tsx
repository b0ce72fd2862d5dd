// Cookie consent (ordering-area §1, §4, §9): shown until accepted; the choice is the cookie
// COOKIE_CONSENT, kept one year. Silo sets only cookies it needs to work, and says so.
import { useState, useSyncExternalStore } from 'react'

const COOKIE = 'COOKIE_CONSENT'
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60

const accepted = () => document.cookie.split('; ').some((c) => c === `${COOKIE}=true`)

/** Nothing to watch: the choice changes only by this notice's own button (its state below). */
const noChanges = () => () => {}

export function CookieConsent() {
  // The server's render cannot know, hence neither can the hydration: the browser's answer after.
  const toAsk = useSyncExternalStore(
    noChanges,
    () => !accepted(),
    () => false,
  )
  const [visible, setVisible] = useState(true)
  if (!toAsk || !visible) return null
  const accept = () => {
    document.cookie = `${COOKIE}=true; Max-Age=${ONE_YEAR_SECONDS}; Path=/; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`
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
        className="touch-target shrink-0 rounded-lg bg-white px-2 font-bold text-neutral-900"
      >
        J'ai compris
      </button>
    </section>
  )
}
