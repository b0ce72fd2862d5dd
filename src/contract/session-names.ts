// The session's paths and the cookies the app reads, apart from the session's schemas: the static
// sign-in page's script (src/app/sign-in.ts) needs them without valibot.

// They all contain "security", so the client never refreshes on them (spec §7).
export const SESSION_PATHS = {
  login: '/security/login',
  refresh: '/security/refresh',
  logout: '/security/logout',
} as const

/**
 * A sign-out the server has not heard yet (issue 25): "Déconnexion" without network writes this
 * cookie (readable by the app, not HttpOnly) next to the session's. The app then treats the device
 * as signed out, and the first request that reaches the server with it ends the session it
 * carries, before anything else is done with that session, and clears both cookies.
 */
export const SIGNED_OUT_COOKIE = 'silo_deconnexion'

/**
 * Whose session this browser holds, as an opaque tag (issue 25): set beside the session cookie with
 * the same end, readable by the app, which keeps and paints its persisted data under that tag only.
 */
export const OWNER_COOKIE = 'silo_proprietaire'
