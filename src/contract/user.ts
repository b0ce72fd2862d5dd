import * as v from 'valibot'

export const USER_PATHS = { me: '/web/user/me' } as const

/**
 * Staff acting for a member (issue 25): the server's signed proof that this session chose that
 * member, for a limited time. An order or a survey confirmed meanwhile keeps it in the outbox and
 * sends it in CHOICE_PROOF_HEADER, so it is accepted for that member even if the staff member has
 * chosen another one since; it is worth nothing to another session, user or member.
 */
export const PreuveChoix = v.object({
  numTiers: v.string(),
  /** Opaque to the browser. */
  jeton: v.string(),
  /** ISO instant after which the server refuses it. */
  expire: v.string(),
})
export type PreuveChoix = v.InferOutput<typeof PreuveChoix>

/** The header an outbox item sends its proof of the member chosen in. */
export const CHOICE_PROOF_HEADER = 'X-Preuve-Choix-Adherent'

/** GET /web/user/me — the profile (ordering-area §3 User: username, roles; cart-orders-admin §3: tiers). */
export const UserMe = v.object({
  username: v.string(),
  displayName: v.string(),
  roles: v.array(v.string()),
  /** The customer the user is, when a farmer; null for staff. */
  tiers: v.nullable(v.object({ numTiers: v.string(), typeTiers: v.string() })),
  /** The member a staff user acts for (connect-as), kept in the server-side session. */
  actingFor: v.nullable(v.string()),
  /**
   * The server lets this user search members and act for them: one of the staff roles it is
   * configured with (STAFF_ROLES). The app's redirects and menus follow it. Absent from an
   * older server's answer: false.
   */
  agitPourAdherents: v.optional(v.boolean(), false),
  /** When this session signed in (ISO instant): the pivot rule's extra delay depends on it. */
  loginAt: v.string(),
  /** Staff acting for a member who may confirm orders: the proof of that choice, else null. */
  preuveChoix: v.optional(v.nullable(PreuveChoix), null),
  /** This user's seal key (base64url, AES-256): what they leave unsent on a shared device is kept
   * encrypted with it once someone else comes, until they sign in again (issue 25). */
  cleScellement: v.optional(v.string(), ''),
  /** This user's seal keys from before the last rotation of the server's keys: they open only what
   * a device sealed before it (nothing is sealed with them any more). */
  clesScellementPrecedentes: v.optional(v.array(v.string()), []),
})
export type UserMe = v.InferOutput<typeof UserMe>
