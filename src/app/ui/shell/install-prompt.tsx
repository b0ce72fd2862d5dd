// Offers to install Silo: an "Installer" button where the browser allows it (Android, Chrome),
// the steps to follow on iOS. "Plus tard" hides it for 30 days on this device, whoever signs in
// or out (the choice is the device's: wipe.ts keeps it).
import { useState, useSyncExternalStore } from 'react'
import {
  INSTALL_TEXTS,
  installPostponed,
  installWay,
  postponeInstall,
  promptInstall,
  subscribeInstall,
} from '../../pwa/install'
import { useStaticPage } from './static-page'
import { SIGN_IN_MARK } from './sign-in-marks'

export function InstallPrompt() {
  const staticPage = useStaticPage()
  // Nothing on the server's render (no browser to ask), hence nothing while hydrating either. The
  // static sign-in page has it hidden, for its script to show when the browser offers it.
  const way = useSyncExternalStore(subscribeInstall, installWay, () => (staticPage ? 'prompt' : null))
  const [hidden, setHidden] = useState(() => !staticPage && installPostponed())
  if (!way || hidden) return null
  const later = () => {
    postponeInstall()
    setHidden(true)
  }
  return (
    <section
      aria-label="Installer Silo"
      hidden={Boolean(staticPage)}
      data-sign-in={SIGN_IN_MARK.install}
      className="flex flex-wrap items-center gap-2 rounded-xl border-2 border-silo-green bg-silo-gold-light py-1 pr-1 pl-2 text-neutral-900 shadow-lg"
    >
      <p data-sign-in={SIGN_IN_MARK.installText} className="min-w-0 flex-1 basis-[7rem] text-base leading-snug">
        {INSTALL_TEXTS[way]}
      </p>
      {way === 'prompt' && (
        <button
          type="button"
          onClick={() => void promptInstall()}
          data-sign-in={SIGN_IN_MARK.installButton}
          className="touch-target shrink-0 rounded-lg bg-silo-green px-2 font-bold text-white"
        >
          Installer
        </button>
      )}
      <button
        type="button"
        onClick={later}
        data-sign-in={SIGN_IN_MARK.installLater}
        className="touch-target shrink-0 rounded-lg border-2 border-silo-green bg-white px-2 font-semibold text-silo-green"
      >
        Plus tard
      </button>
    </section>
  )
}
