// Session paths. They all contain "security", so the client never refreshes on them (spec §7).
import * as v from 'valibot'

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

export const LoginBody = v.object({
  username: v.pipe(v.string(), v.trim(), v.minLength(1, 'Identifiant requis'), v.maxLength(64)),
  password: v.pipe(v.string(), v.minLength(1, 'Mot de passe requis'), v.maxLength(256)),
  redirectFrom: v.optional(v.string()),
})
export type LoginBody = v.InferOutput<typeof LoginBody>

export const SessionInfo = v.object({
  username: v.string(),
  expiresAt: v.string(),
})
export type SessionInfo = v.InferOutput<typeof SessionInfo>
