// Sign-in throttling, shared by every server instance through the database (login_attempts).
//
// A try is counted BEFORE its password is checked, by one statement per counter that records it
// and returns its number (INSERT … ON CONFLICT DO UPDATE … RETURNING): simultaneous tries are
// numbered one by one by the database, so a burst cannot slip past the limit. A counter that is
// waiting refuses without counting: its row is not updated and the statement returns nothing.
//
// Three counters (limits written in the README, "Sessions and sign-in"):
// - account + address: 5 tries, then each further try waits 1, 2, 4, 8, then 15 minutes. This is
//   the one an attacker meets; the account's owner at another address is not slowed by it.
// - address, whatever the account: 30 tries, then the same growing waits (password spraying).
// - account, from every address: 50 tries, then one try a minute. A ceiling that slows a
//   distributed attack and never locks the account for good.
// A counter starts again 15 minutes after its last try or wait. A successful sign-in does not
// count: it gives its try back and clears its account + address counter.
import { eq, sql, type SQL } from 'drizzle-orm'
import type { DateTime } from 'luxon'
import type { Db } from '../db/client'
import { loginAttempts } from '../db/schema'

interface Limit {
  /** Tries allowed in a row before any wait. */
  free: number
  /** The first wait, in seconds, once the free tries are spent. */
  waitSeconds: number
  /** Whether each further try doubles the wait (up to maxWaitSeconds). */
  growing: boolean
  maxWaitSeconds: number
}

export const THROTTLE = {
  /** A counter starts again this long after its last try or wait. */
  windowSeconds: 15 * 60,
  pair: { free: 5, waitSeconds: 60, growing: true, maxWaitSeconds: 15 * 60 },
  address: { free: 30, waitSeconds: 60, growing: true, maxWaitSeconds: 15 * 60 },
  account: { free: 50, waitSeconds: 60, growing: false, maxWaitSeconds: 60 },
} as const satisfies Record<string, Limit | number>

export interface ThrottleKey {
  key: string
  limit: Limit
}

/** The counters one sign-in try meets, the narrowest first. */
export function keysFor(username: string, address: string | null): ThrottleKey[] {
  const account = username.toLowerCase()
  const from = address ?? 'inconnue'
  return [
    { key: `pair:${account}|${from}`, limit: THROTTLE.pair },
    { key: `ip:${from}`, limit: THROTTLE.address },
    { key: `user:${account}`, limit: THROTTLE.account },
  ]
}

/**
 * Records one try on this counter and returns its number, or null when the counter is waiting
 * (nothing recorded). One statement: the database serialises simultaneous tries on one row.
 */
async function countTry(db: Db, { key, limit }: ThrottleKey, now: DateTime): Promise<number | null> {
  const at = now.toJSDate()
  const staleBefore = now.minus({ seconds: THROTTLE.windowSeconds }).toJSDate()
  const t = loginAttempts
  const stale = sql`greatest(${t.windowStart}, coalesce(${t.blockedUntil}, ${t.windowStart})) < ${staleBefore}::timestamptz`
  const next = sql`(case when ${stale} then 1 else ${t.failures} + 1 end)`
  const waitFor = (count: SQL) =>
    limit.growing
      ? sql`least(${limit.maxWaitSeconds}, ${limit.waitSeconds} * power(2, least(${count} - ${limit.free}, 20)))`
      : sql`${limit.waitSeconds}`
  const blockAfter = (count: SQL) =>
    sql`(case when ${count} >= ${limit.free} then ${at}::timestamptz + make_interval(secs => ${waitFor(count)}) else null end)`
  const rows = await db
    .insert(t)
    .values({ key, failures: 1, windowStart: at, blockedUntil: null })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures: next,
        windowStart: sql`(case when ${stale} then ${at}::timestamptz else ${t.windowStart} end)`,
        blockedUntil: blockAfter(next),
      },
      setWhere: sql`${t.blockedUntil} is null or ${t.blockedUntil} <= ${at}::timestamptz`,
    })
    .returning({ failures: t.failures })
  return rows[0]?.failures ?? null
}

/**
 * Counts this try on every counter, narrowest first, before the password is checked. Returns
 * the seconds to wait when a counter refuses it (the password must then not be checked), else 0.
 */
export async function takeTry(db: Db, keys: ThrottleKey[], now: DateTime): Promise<number> {
  for (const k of keys) {
    if ((await countTry(db, k, now)) === null) return waitingSeconds(db, k.key, now)
  }
  return 0
}

async function waitingSeconds(db: Db, key: string, now: DateTime): Promise<number> {
  const [row] = await db
    .select({ blockedUntil: loginAttempts.blockedUntil })
    .from(loginAttempts)
    .where(eq(loginAttempts.key, key))
    .limit(1)
  const until = row?.blockedUntil?.getTime() ?? now.toMillis()
  return Math.max(1, Math.ceil((until - now.toMillis()) / 1000))
}

/**
 * A successful sign-in does not count: the account + address counter goes, and the broader
 * counters get their try back (their wait is lifted only if the try had started it).
 */
export async function giveBack(db: Db, keys: ThrottleKey[]) {
  const [pair, ...broader] = keys
  if (pair) await db.delete(loginAttempts).where(eq(loginAttempts.key, pair.key))
  const t = loginAttempts
  for (const { key, limit } of broader) {
    await db
      .update(t)
      .set({
        failures: sql`greatest(${t.failures} - 1, 0)`,
        blockedUntil: sql`(case when ${t.failures} - 1 < ${limit.free} then null else ${t.blockedUntil} end)`,
      })
      .where(eq(t.key, key))
  }
}

export function throttledMessage(seconds: number) {
  const minutes = Math.max(1, Math.ceil(seconds / 60))
  return `Trop de tentatives de connexion. Veuillez réessayer dans ${minutes} minute${minutes > 1 ? 's' : ''}.`
}
