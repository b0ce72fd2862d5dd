// Offers to install Silo: an "Installer" button where the browser allows it (Android, Chrome),
// the steps to follow on iOS. "Plus tard" hides it for 30 days on this device.
import { useState, useSyncExternalStore } from 'react'
import { installWay, promptInstall, subscribeInstall } from '../../pwa/install'

const LATER_KEY = 'silo-installation-plus-tard'
const THIRTY_DAYS = 30 * 24 * 60 * 60 * 1000

function postponed() {
  try {
    return Number(localStorage.getItem(LATER_KEY) ?? 0) > Date.now()
  } catch {
    return false
  }
}

export function InstallPrompt() {
  const way = useSyncExternalStore(subscribeInstall, installWay)
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
    <section aria-label="Installer Silo" className="flex flex-wrap items-center gap-3 border-b-2 border-silo-green bg-silo-gold-light px-4 py-3 text-neutral-900">
      <p className="min-w-0 flex-1 text-base">
        {way === 'prompt'
          ? 'Installez Silo sur votre écran d’accueil : il s’ouvre comme une application, même sans réseau.'
          : 'Pour installer Silo : touchez le bouton Partager de Safari, puis « Sur l’écran d’accueil ».'}
      </p>
      <div className="flex gap-2">
        {way === 'prompt' && (
          <button type="button" onClick={() => void promptInstall()} className="touch-target rounded-xl bg-silo-green px-5 font-bold text-white">
            Installer
          </button>
        )}
        <button type="button" onClick={later} className="touch-target rounded-xl border-2 border-silo-green px-4 font-semibold text-silo-green">
          Plus tard
        </button>
      </div>
    </section>
  )
}
