// Offers to install Silo: an "Installer" button where the browser allows it (Android, Chrome),
// the steps to follow on iOS. "Plus tard" hides it for 30 days on this device, whoever signs in
// or out (the choice is the device's: wipe.ts keeps it).
import { useState, useSyncExternalStore } from 'react'
import { INSTALL_LATER_KEY as LATER_KEY } from '../../../offline/device-keys'
import { installWay, promptInstall, subscribeInstall } from '../../pwa/install'

const THIRTY_DAYS = 30 * 24 * 60 * 60 * 1000

function postponed() {
  try {
    return Number(localStorage.getItem(LATER_KEY) ?? 0) > Date.now()
  } catch {
    return false
  }
}

export function InstallPrompt() {
  // Nothing on the server's render (no browser to ask), hence nothing while hydrating either.
  const way = useSyncExternalStore(subscribeInstall, installWay, () => null)
  const [hidden, setHidden] = useState(postponed)
  if (!way || hidden) return null
  const later = () => {
    try {
      localStorage.setItem(LATER_KEY, String(Date.now() + THIRTY_DAYS))
    } catch {
      // Without storage it simply shows again next time.
    }
    setHidden(true)
  }
  return (
    <section
      aria-label="Installer Silo"
      className="flex flex-wrap items-center gap-2 rounded-xl border-2 border-silo-green bg-silo-gold-light py-1 pr-1 pl-2 text-neutral-900 shadow-lg"
    >
      <p className="min-w-0 flex-1 basis-28 text-base leading-snug">
        {way === 'prompt'
          ? 'Installez Silo : utile sans réseau.'
          : 'Pour installer Silo : Partager, puis « Sur l’écran d’accueil ».'}
      </p>
      {way === 'prompt' && (
        <button
          type="button"
          onClick={() => void promptInstall()}
          className="touch-target shrink-0 rounded-lg bg-silo-green px-2 font-bold text-white"
        >
          Installer
        </button>
      )}
      <button
        type="button"
        onClick={later}
        className="touch-target shrink-0 rounded-lg border-2 border-silo-green bg-white px-2 font-semibold text-silo-green"
      >
        Plus tard
      </button>
    </section>
  )
}
