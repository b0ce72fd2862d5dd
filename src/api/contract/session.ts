// Session paths. They all contain "security", so the client never refreshes on them (spec §7).
import * as v from 'valibot'

export const SESSION_PATHS = {
  login: '/security/login',
  refresh: '/security/refresh',
  logout: '/security/logout',
} as const

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
