// The marks (data-sign-in="…") the static sign-in page's script (src/app/sign-in.ts) looks for in
// the markup the app's components render for it (ui/shell/static-page.ts). Apart from the
// context: the script loads no React.

export const SIGN_IN_MARK = {
  cookie: 'cookie',
  cookieAccept: 'cookie-accept',
  install: 'install',
  installText: 'install-text',
  installButton: 'install-button',
  installLater: 'install-later',
  othersWaiting: 'others-waiting',
  version: 'version',
  versionTip: 'version-tip',
} as const
