// The proof of a staff member's choice of member (issue 25, item 3). Staff act only for the member
// they chose (access.ts); an order they confirmed offline for member X waits in the outbox, and by
// the time the network returns they may have chosen Y. The choice made when the order was
// confirmed travels with it: GET /web/user/me gives staff acting for X an HMAC-SHA256 signature
// over {this session (a hash of its id), this user, X, an expiry}; the outbox sends it with the
// order, and the server accepts the order for X only if the signature is its own, the session and
// the user are the ones sending, X is the order's member, and it has not expired. It loosens
// nothing: who may act for whom is still decided by the roles (access.ts checks them again), and
// the proof only says "this session had chosen X", which it had.
//
// An adviser's round (issue 52) is the same proof naming several members: chosen together before
// leaving the office, for the day. The device switches between them with no network, and each
// member's reads and queued orders carry it; the server accepts it for any member it names.
//
// The key lives in PostgreSQL (server-secret.ts), so every instance signs and checks alike. After a
// rotation of the keys, new proofs are signed with the new key, and a proof signed before stays
// good until it expires: the previous key is accepted for CHOICE_PROOF_SECONDS after the rotation,
// no longer (no genuine proof signed with it can still be valid then).
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { DateTime } from 'luxon'
import type { PreuveChoix } from '../../contract/user'
import type { Db } from '../db/client'
import { acceptedKeys, serverSecret, serverSecretKeys } from './server-secret'
import type { SessionUser } from '../http/env'

/**
 * How long a proof is good for: a day in the barn. Issued at the last moment the device reached
 * the server (typically the morning, when the adviser chose the member), it must still be good
 * when the orders of that day leave, in the evening or the next morning once back in range. Not
 * longer: while it lasts, this session (and only it) may still write for that member.
 */
const CHOICE_PROOF_SECONDS = 24 * 60 * 60

/** A round's proof names up to ROUND_MAX members: some 600 characters; anything longer is not ours. */
const PROOF_MAX_LENGTH = 2048

const SECRET_NAME = 'preuve-choix-adherent'
const keyOf = (db: Db) => serverSecret(db, SECRET_NAME)

interface Claims {
  /** A hash of the session id (itself a hash of the cookie's token): names the session, opens nothing. */
  s: string
  u: string
  /** The member chosen, or the members of a round. */
  t: string | string[]
  /** Expiry, in seconds since the epoch. */
  e: number
}

const sessionTag = (sessionId: string) =>
  createHash('sha256').update(`preuve-choix:${sessionId}`).digest('base64url').slice(0, 22)
const sign = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest()

/** Signs claims naming `t` for this session, good for CHOICE_PROOF_SECONDS from now. */
async function issue(db: Db, user: SessionUser, t: Claims['t'], now: DateTime) {
  const e = Math.floor(now.toSeconds()) + CHOICE_PROOF_SECONDS
  const claims: Claims = { s: sessionTag(user.sessionId), u: user.username, t, e }
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url')
  const jeton = `${body}.${sign(await keyOf(db), body).toString('base64url')}`
  return { jeton, expire: DateTime.fromSeconds(e, { zone: now.zone }).toISO()! }
}

/** A proof that this session acts for numTiers, good for CHOICE_PROOF_SECONDS from now. */
export async function issueChoiceProof(
  db: Db,
  user: SessionUser,
  numTiers: string,
  now: DateTime,
): Promise<PreuveChoix> {
  return { numTiers, ...(await issue(db, user, numTiers, now)) }
}

/** A proof that this session chose these members for its round (issue 52), for CHOICE_PROOF_SECONDS. */
export const issueRoundProof = (db: Db, user: SessionUser, membres: readonly string[], now: DateTime) =>
  issue(db, user, [...membres], now)

function readClaims(body: string): Claims | null {
  try {
    const c = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<Claims> | null
    if (!c || typeof c.s !== 'string' || typeof c.u !== 'string') return null
    const members = typeof c.t === 'string' || (Array.isArray(c.t) && c.t.every((t) => typeof t === 'string'))
    return members && typeof c.e === 'number' ? (c as Claims) : null
  } catch {
    return null
  }
}

/** Whether `proof` says that this very session of this user chose numTiers (alone or in its
 * round), and still holds. */
export async function checkChoiceProof(
  db: Db,
  user: SessionUser,
  numTiers: string,
  proof: string | undefined,
  now: DateTime,
): Promise<boolean> {
  if (!proof || proof.length > PROOF_MAX_LENGTH) return false
  const [body, signature, extra] = proof.split('.')
  if (!body || !signature || extra !== undefined) return false
  const given = Buffer.from(signature, 'base64url')
  const keys = acceptedKeys(await serverSecretKeys(db, SECRET_NAME), now.toJSDate(), CHOICE_PROOF_SECONDS)
  const signedByUs = keys.some((key) => {
    const expected = sign(key, body)
    return given.length === expected.length && timingSafeEqual(given, expected)
  })
  if (!signedByUs) return false
  const claims = readClaims(body)
  return (
    claims !== null &&
    claims.s === sessionTag(user.sessionId) &&
    claims.u === user.username &&
    (Array.isArray(claims.t) ? claims.t.includes(numTiers) : claims.t === numTiers) &&
    claims.e > now.toSeconds()
  )
}
