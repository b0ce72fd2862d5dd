// The session's request bodies and answers; its paths and cookie names are in session-names.ts.
import * as v from 'valibot'

export { OWNER_COOKIE, SESSION_PATHS, SIGNED_OUT_COOKIE } from './session-names'

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
