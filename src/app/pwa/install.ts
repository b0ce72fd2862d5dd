// Installing Silo on the home screen. Chromium fires `beforeinstallprompt` once, early: it is
// kept here from the first script run so the "Installer" button can use it later. iOS has no
// such event: its users are told how to add Silo from Safari's share menu.

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

import { INSTALL_LATER_KEY } from '../../offline/device-keys'

export type InstallWay = 'prompt' | 'ios' | null

/** What the install notice says, by the way this browser installs. */
export const INSTALL_TEXTS = {
  prompt: 'Installez Silo : utile sans réseau.',
  ios: 'Pour installer Silo : Partager, puis « Sur l’écran d’accueil ».',
} as const satisfies Record<Exclude<InstallWay, null>, string>

const THIRTY_DAYS = 30 * 24 * 60 * 60 * 1000

/** "Plus tard" was said less than 30 days ago on this device. */
export function installPostponed(): boolean {
  try {
    return Number(localStorage.getItem(INSTALL_LATER_KEY) ?? 0) > Date.now()
  } catch {
    return false
  }
}

/** "Plus tard": the notice stays away 30 days on this device, whoever signs in or out (the
 * choice is the device's: wipe.ts keeps it). */
export function postponeInstall() {
  try {
    localStorage.setItem(INSTALL_LATER_KEY, String(Date.now() + THIRTY_DAYS))
  } catch {
    // Without storage it simply shows again next time.
  }
}

let deferred: BeforeInstallPromptEvent | null = null
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((l) => l())

export function captureInstallPrompt() {
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault() // show our own button instead of the browser's mini-infobar
    deferred = e as BeforeInstallPromptEvent
    emit()
  })
  window.addEventListener('appinstalled', () => {
    deferred = null
    emit()
  })
}

export function subscribeInstall(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

const isStandalone = () =>
  window.matchMedia('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true
const isIos = () =>
  /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1)

/** How this browser can install Silo now, or null when it is installed or cannot be. */
export function installWay(): InstallWay {
  if (isStandalone()) return null
  if (deferred) return 'prompt'
  return isIos() ? 'ios' : null
}

export async function promptInstall(): Promise<boolean> {
  if (!deferred) return false
  const event = deferred
  deferred = null
  await event.prompt()
  const { outcome } = await event.userChoice
  emit()
  return outcome === 'accepted'
}
