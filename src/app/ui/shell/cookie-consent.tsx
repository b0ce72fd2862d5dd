// Cookie consent (ordering-area §1, §4, §9): shown until accepted; the choice is the cookie
// COOKIE_CONSENT, kept one year. Silo sets only cookies it needs to work, and says so.
import { useState } from 'react'

const COOKIE = 'COOKIE_CONSENT'
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60

const accepted = () => document.cookie.split('; ').some((c) => c === `${COOKIE}=true`)

export function CookieConsent() {
  const [visible, setVisible] = useState(() => !accepted())
  if (!visible) return null
  const accept = () => {
    document.cookie = `${COOKIE}=true; Max-Age=${ONE_YEAR_SECONDS}; Path=/; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`
    setVisible(false)
  }
  return (
    <section
      aria-label="Cookies"
      className="fixed inset-x-0 bottom-0 z-50 border-t-4 border-silo-gold bg-neutral-900 p-4 text-white shadow-2xl sm:bottom-4 sm:left-4 sm:right-auto sm:max-w-md sm:rounded-2xl sm:border-4"
    >
      <p className="text-base">
        Silo utilise uniquement les cookies nécessaires à son fonctionnement : votre session de connexion et ce choix.
        Aucun cookie publicitaire ni de mesure d'audience.{' '}
        <a href="/infos/politique" className="font-semibold text-white underline">
          Politique de confidentialité
        </a>
      </p>
      <button type="button" onClick={accept} className="touch-target mt-3 w-full rounded-xl bg-white px-6 text-lg font-bold text-neutral-900 sm:w-auto">
        J'ai compris
      </button>
    </section>
  )
}
