// The script of the server's static sign-in page (issue 29, step 3), what main.tsx is to the app:
// a few lines, no React. The page's markup is the app's own sign-in route rendered by the server
// (src/app/server-render.tsx); this wires what the browser alone decides: the cookie notice's
// button, the install notice, the sealing of what the device kept, the versions' tooltip, and the
// app's files prefetched at idle with the service worker, whose install precaches the rest (the
// app's bundles are then ready when the farmer comes back signed in).
import { acceptCookies } from './ui/shell/cookie-choice'
import { SIGN_IN_MARK } from './ui/shell/sign-in-marks'
import {
  captureInstallPrompt,
  INSTALL_TEXTS,
  installPostponed,
  installWay,
  postponeInstall,
  promptInstall,
  subscribeInstall,
} from './pwa/install'
import { sealAtSignIn } from './features/session/seal-at-sign-in'
import { APP_FILES_META } from '../contract/paths'
import { whenIdle } from './ui/when-idle'

// Before anything else: Chromium may fire beforeinstallprompt very early.
captureInstallPrompt()

const marked = <T extends HTMLElement = HTMLElement>(mark: string) =>
  document.querySelector<T>(`[data-sign-in="${mark}"]`)

// The install notice, as the app's (notice-tray.tsx): once the cookie notice is answered, shown
// when the browser offers it (or on iOS), unless "Plus tard" was said on this device.
const install = marked(SIGN_IN_MARK.install)
let installDismissed = installPostponed()
const showInstall = () => {
  if (!install) return
  const way = installWay()
  install.hidden = !way || installDismissed || marked(SIGN_IN_MARK.cookie) !== null
  if (!way) return
  marked(SIGN_IN_MARK.installText)!.textContent = INSTALL_TEXTS[way]
  marked(SIGN_IN_MARK.installButton)!.hidden = way !== 'prompt'
}
subscribeInstall(showInstall)
showInstall()

// "J'ai compris": the choice kept, the notice gone, the install offer in its place.
marked(SIGN_IN_MARK.cookieAccept)?.addEventListener('click', () => {
  acceptCookies()
  marked(SIGN_IN_MARK.cookie)?.remove()
  showInstall()
})
marked(SIGN_IN_MARK.installButton)?.addEventListener('click', () => void promptInstall())
marked(SIGN_IN_MARK.installLater)?.addEventListener('click', () => {
  postponeInstall()
  installDismissed = true
  showInstall()
})

// The versions' tooltip (filled by the server), shown by its button as the app's.
const version = marked<HTMLButtonElement>(SIGN_IN_MARK.version)
const tip = marked(SIGN_IN_MARK.versionTip)
const showTip = (shown: boolean) => {
  if (!version || !tip) return
  tip.hidden = !shown
  version.setAttribute('aria-expanded', String(shown))
  if (shown) version.setAttribute('aria-describedby', tip.id)
  else version.removeAttribute('aria-describedby')
}
version?.addEventListener('click', () => showTip(Boolean(tip?.hidden)))
version?.addEventListener('blur', () => showTip(false))

// Nobody is signed in here: what the device kept in clear is sealed; say when orders wait.
void sealAtSignIn()
  .then((others) => {
    const notice = marked(SIGN_IN_MARK.othersWaiting)
    if (notice) notice.hidden = !others
  })
  .catch(() => undefined)

// Back to this page after signing in: a copy kept by the browser (back-forward cache) would ask to
// sign in again. Asked again, the server sends a signed-in person on (issue 43).
window.addEventListener('pageshow', (e) => {
  if (e.persisted) location.reload()
})

// A sign-out made without network needs nothing here: this page's own request told the server
// (src/server/auth/signed-out.ts ends the session and clears the marker).

// Once the page has loaded and the browser is idle: the app's files (the server listed them), for
// the farmer's return signed in, then the service worker, whose install precaches the rest. Not
// before: nothing competes with the page itself.
function prefetchApp() {
  const files = document.querySelector<HTMLMetaElement>(`meta[name="${APP_FILES_META}"]`)?.content ?? ''
  for (const href of files.split(' ').filter(Boolean)) {
    const link = document.createElement('link')
    link.rel = 'prefetch'
    if (href.endsWith('.js')) link.crossOrigin = ''
    link.href = href
    document.head.appendChild(link)
  }
}
window.addEventListener('load', () =>
  whenIdle(() => {
    prefetchApp()
    if (import.meta.env.PROD && 'serviceWorker' in navigator)
      void navigator.serviceWorker.register('/sw.js').catch(() => undefined)
  }),
)
