import * as v from 'valibot'

export const USER_PATHS = { me: '/web/user/me' } as const

/** GET /web/user/me — the profile (ordering-area §3 User: username, roles; cart-orders-admin §3: tiers). */
export const UserMe = v.object({
  username: v.string(),
  displayName: v.string(),
  roles: v.array(v.string()),
  /** The customer the user is, when a farmer; null for staff. */
  tiers: v.nullable(v.object({ numTiers: v.string(), typeTiers: v.string() })),
  /** The member a staff user acts for (connect-as), kept in the server-side session. */
  actingFor: v.nullable(v.string()),
  /** When this session signed in (ISO instant): the pivot rule's extra delay depends on it. */
  loginAt: v.string(),
})
export type UserMe = v.InferOutput<typeof UserMe>
