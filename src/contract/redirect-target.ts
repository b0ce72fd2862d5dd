// Where a sign-in may send the browser afterwards (`redirectFrom`): one rule for every path that
// carries it — the sign-in form and JSON, the OpenID Connect callback, the sign-in page's links
// (server side and in the app). What comes back is always a path of this site, else `/`.

// Any origin: a target is resolved against it, and kept only if it stays on it.
const HERE = 'http://silo.invalid'
// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const CONTROL = /[\u0000-\u001f\u007f]/
/** The session's own paths are never a place to come back to (a sign-in sending to the logout…). */
const SESSION_PREFIX = '/security/'

/** A path that a browser (or a proxy decoding it once) could read as another host's. */
const leavesTheSite = (path: string) => path.startsWith('//') || path.includes('\\')

/**
 * Only a path of this site is honoured: it starts with a single `/`, holds no `//` and no
 * backslash (which browsers read as `/`), no control character (a newline would also break the
 * Location header), hence no scheme and no host. It is then resolved the way a browser would
 * (`new URL(target, origin)`: `/.//evil.example` becomes `//evil.example`, `/%2e/%2f…` too) and
 * must stay on the dummy origin as a path still starting with a single `/`, decoded or not.
 */
export function redirectTarget(target: unknown): string {
  if (typeof target !== 'string' || !target.startsWith('/') || CONTROL.test(target)) return '/'
  const path = target.split(/[?#]/, 1)[0]!
  if (path.includes('//') || target.includes('\\')) return '/'
  let url: URL
  try {
    url = new URL(target, HERE)
  } catch {
    return '/'
  }
  if (url.origin !== HERE || !url.pathname.startsWith('/') || leavesTheSite(url.pathname)) return '/'
  let decoded: string
  try {
    decoded = decodeURIComponent(url.pathname)
  } catch {
    return '/'
  }
  if (leavesTheSite(decoded) || CONTROL.test(decoded) || decoded.startsWith(SESSION_PREFIX)) return '/'
  return `${url.pathname}${url.search}${url.hash}`
}

/** The page a signed-in person reads first: the history (issue 43, item 11). */
const HISTORY = '/catalog/order_history'

/**
 * Where a person already signed in goes who opens a sign-in page (Back after signing in, /login
 * typed again, a first sign-in link used): where the sign-in would have sent them, the Historique
 * by default. The server's redirects and the app's sign-in page both follow it.
 */
export const signedInTarget = (redirectFrom: unknown): string => {
  const target = redirectTarget(redirectFrom)
  return target === '/' ? HISTORY : target
}
