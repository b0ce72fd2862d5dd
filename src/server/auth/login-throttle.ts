// Sign-in throttling, shared by every server instance through the database (login_attempts).
// Limits (written in the README): 5 wrong passwords for one account, or 30 from one address,
// within 15 minutes block further tries from that account / address for 15 minutes (429).
import { eq, inArray, sql } from 'drizzle-orm'
import type { DateTime } from 'luxon'
import type { Db } from '../db/client'
import { loginAttempts } from '../db/schema'

export const THROTTLE = {
  windowSeconds: 15 * 60,
  blockSeconds: 15 * 60,
  maxPerAccount: 5,
  maxPerAddress: 30,
} as const

export const keysFor = (username: string, ip: string | null) => [`user:${username.toLowerCase()}`, ...(ip ? [`ip:${ip}`] : [])]

/** Seconds until the first of these keys is unblocked, or 0 when none is blocked. */
export async function blockedFor(db: Db, keys: string[], now: DateTime): Promise<number> {
  const rows = await db.select({ blockedUntil: loginAttempts.blockedUntil }).from(loginAttempts).where(inArray(loginAttempts.key, keys))
  const nowMs = now.toMillis()
  const waits = rows.map((r) => (r.blockedUntil ? Math.ceil((r.blockedUntil.getTime() - nowMs) / 1000) : 0))
  return Math.max(0, ...waits)
}

/** Counts one failure on each key, atomically (concurrent instances cannot lose a count). */
export async function recordFailure(db: Db, keys: string[], now: DateTime) {
  const at = now.toJSDate()
  const windowStart = now.minus({ seconds: THROTTLE.windowSeconds }).toJSDate()
  const blockUntil = now.plus({ seconds: THROTTLE.blockSeconds }).toJSDate()
  for (const key of keys) {
    const limit = key.startsWith('user:') ? THROTTLE.maxPerAccount : THROTTLE.maxPerAddress
    const fresh = sql`${loginAttempts.windowStart} < ${windowStart}`
    const next = sql`(case when ${fresh} then 1 else ${loginAttempts.failures} + 1 end)`
    await db
      .insert(loginAttempts)
      .values({ key, failures: 1, windowStart: at, blockedUntil: limit <= 1 ? blockUntil : null })
      .onConflictDoUpdate({
        target: loginAttempts.key,
        set: {
          failures: next,
          windowStart: sql`(case when ${fresh} then ${at} else ${loginAttempts.windowStart} end)`,
          blockedUntil: sql`(case when ${next} >= ${limit} then ${blockUntil} else ${loginAttempts.blockedUntil} end)`,
        },
      })
  }
}

/** A successful sign-in clears the account's counter (not the address's). */
export async function clearAccount(db: Db, username: string) {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, `user:${username.toLowerCase()}`))
}

export function throttledMessage(seconds: number) {
  const minutes = Math.max(1, Math.ceil(seconds / 60))
  return `Trop de tentatives de connexion. Veuillez réessayer dans ${minutes} minute${minutes > 1 ? 's' : ''}.`
}
