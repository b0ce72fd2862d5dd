// The browser's next idle moment, without React: the app's after-first-paint work and the static
// sign-in page's script (src/app/sign-in.ts) both wait for it.
const IDLE_TIMEOUT_MS = 2_000

/** Runs `fn` when the browser is next idle (at the latest after 2 s); returns a cancel. */
export function whenIdle(fn: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(fn, { timeout: IDLE_TIMEOUT_MS })
    return () => cancelIdleCallback(id)
  }
  const id = setTimeout(fn, 200)
  return () => clearTimeout(id)
}
