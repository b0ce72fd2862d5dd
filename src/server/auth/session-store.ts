// Sessions live in the database (several server instances share them). The cookie carries a
// random token of 256 bits; only its SHA-256 is stored, so a leaked table opens no session.
//
// Three clocks end a session:
// - access: a request more than ACCESS_SECONDS after the last one answers 401; the client then
//   calls POST /security/refresh, which revives it while the session is not idle-expired;
// - idle: SESSION_TTL seconds without any request end it for good;
// - absolute: SESSION_MAX_AGE seconds after sign-in it ends whatever the activity.
import { createHash, randomBytes } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import type { DateTime } from 'luxon'
import type { Db } from '../db/client'
import { sessions, users } from '../db/schema'
import type { SessionUser } from '../http/env'
import { audit } from '../db/audit'

const ACCESS_SECONDS = 15 * 60
/** lastSeenAt is written at most once a minute per session, not on every request. */
const TOUCH_EVERY_MS = 60_000

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url')
const newToken = () => randomBytes(32).toString('base64url')

export interface SessionLimits {
  idleSeconds: number
  maxAgeSeconds: number
}

export async function createSession(
  db: Db,
  input: { username: string; now: DateTime; ip: string | null; userAgent: string | null; limits: SessionLimits },
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken()
  const now = input.now.toJSDate()
  const expiresAt = new Date(now.getTime() + input.limits.maxAgeSeconds * 1000)
  await db.insert(sessions).values({
    id: hashToken(token),
    username: input.username,
    createdAt: now,
    loginAt: now,
    lastSeenAt: now,
    expiresAt,
    ip: input.ip,
    userAgent: input.userAgent?.slice(0, 300) ?? null,
  })
  // The lasting proof of the connection (the session row goes a day after it ends).
  await audit(db, {
    username: input.username,
    numTiers: null,
    action: 'connexion',
    details: { ip: input.ip, userAgent: input.userAgent?.slice(0, 300) ?? null },
  })
  return { token, expiresAt }
}

type Lookup =
  | { state: 'valid'; user: SessionUser; expiresAt: Date }
  | { state: 'access-expired'; sessionId: string }
  | { state: 'none' }

export async function lookupSession(db: Db, token: string, now: DateTime, limits: SessionLimits): Promise<Lookup> {
  const id = hashToken(token)
  const rows = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.username, sessions.username))
    // A disabled account's sessions are revoked when it is disabled; this check also ends one that
    // a sign-in under way at that moment opened just after (npm run personnel -- desactiver).
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt), isNull(users.desactiveA)))
    .limit(1)
  const row = rows[0]
  if (!row) return { state: 'none' }
  const nowMs = now.toMillis()
  const { session, user } = row
  const sinceLastSeen = nowMs - session.lastSeenAt.getTime()
  if (session.expiresAt.getTime() <= nowMs || sinceLastSeen > limits.idleSeconds * 1000) return { state: 'none' }
  if (sinceLastSeen > ACCESS_SECONDS * 1000) return { state: 'access-expired', sessionId: id }
  if (sinceLastSeen > TOUCH_EVERY_MS)
    await db.update(sessions).set({ lastSeenAt: now.toJSDate() }).where(eq(sessions.id, id))
  return {
    state: 'valid',
    expiresAt: session.expiresAt,
    user: {
      username: user.username,
      displayName: user.displayName,
      roles: user.roles,
      email: user.email,
      actingFor: session.actingForNumTiers,
      loginAt: session.loginAt,
      sessionId: id,
    },
  }
}

/** POST /security/refresh: revive a session whose access window passed, if still alive. */
export async function refreshSession(
  db: Db,
  token: string,
  now: DateTime,
  limits: SessionLimits,
): Promise<{ username: string; expiresAt: Date } | null> {
  const found = await lookupSession(db, token, now, limits)
  if (found.state === 'none') return null
  const id = hashToken(token)
  const [row] = await db
    .update(sessions)
    .set({ lastSeenAt: now.toJSDate() })
    .where(eq(sessions.id, id))
    .returning({ username: sessions.username, expiresAt: sessions.expiresAt })
  return row ?? null
}

export async function revokeSession(db: Db, token: string, now: DateTime) {
  await db
    .update(sessions)
    .set({ revokedAt: now.toJSDate() })
    .where(eq(sessions.id, hashToken(token)))
}

export async function setActingFor(db: Db, sessionId: string, numTiers: string | null) {
  await db.update(sessions).set({ actingForNumTiers: numTiers }).where(eq(sessions.id, sessionId))
}
