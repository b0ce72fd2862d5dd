// The app's stylesheet arrives as a preload (vite.config.ts, nonBlockingStylesheet) so that it
// does not hold back the static shell's first paint. Before the first render it becomes the
// stylesheet, and the render waits until it applies: the app never shows unstyled. In the dev
// server there is no such preload (Vite injects the styles itself).

/** Resolves once the app's stylesheet applies (at once when there is none to wait for). */
export function appStylesheet(): Promise<void> {
  const preload = document.querySelector<HTMLLinkElement>('link[data-app-stylesheet]')
  if (!preload) return Promise.resolve()
  const sheet = document.createElement('link')
  sheet.rel = 'stylesheet'
  sheet.href = preload.href
  if (preload.crossOrigin !== null) sheet.crossOrigin = preload.crossOrigin
  // A stylesheet that fails to load (offline with an emptied cache): render anyway, unstyled
  // beats blank.
  const applied = new Promise<void>((resolve) => {
    sheet.onload = () => resolve()
    sheet.onerror = () => resolve()
  })
  document.head.append(sheet)
  return applied
}
