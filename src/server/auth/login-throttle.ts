// Sign-in throttling, shared by every server instance through the database (login_attempts).
//
// A try is counted BEFORE its password is checked, by one statement per counter that records it
// and returns its number (INSERT … ON CONFLICT DO UPDATE … RETURNING): simultaneous tries are
// numbered one by one by the database, so a burst cannot slip past the limit. A counter that is
// waiting refuses without counting: its row is not updated and the statement returns nothing.
//
// The counters (limits written in the README, "Sessions and sign-in"):
// - account + address, failures: 5 tries, then each further try waits 1, 2, 4, 8, then 15
//   minutes. This is the one an attacker meets; the account's owner at another address is not
//   slowed by it. A successful sign-in clears it.
// - account + address, every sign-in, successful or not: 100, then the same growing waits. A
//   script signing in again and again with a valid password (519 hashes in 15 s were measured)
//   stops there; a person never meets it, nor does an office signing in many accounts.
// - address, whatever the account: 30 failures, then the same growing waits (password spraying).
// - account, from every address: 50 failures, then one try a minute. A ceiling that slows a
//   distributed attack and never locks the account for good.
// A try that carries this account's known-device cookie (known-device.ts) meets instead the two
// counters of that device: 5 failures and 100 sign-ins, with the same growing waits. So an
// attacker from many addresses, who spends the account's ceiling, does not lock its owner out
// of the browser they signed in from before (OWASP's "device cookies").
// A counter starts again 15 minutes after its last try or wait. A successful sign-in gives its
// try back to the failure counters (the narrowest one is cleared).
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

const growing = (free: number): Limit => ({ free, waitSeconds: 60, growing: true, maxWaitSeconds: 15 * 60 })

export const THROTTLE = {
  /** A counter starts again this long after its last try or wait. */
  windowSeconds: 15 * 60,
  pair: growing(5),
  pairSignIns: growing(100),
  address: growing(30),
  account: { free: 50, waitSeconds: 60, growing: false, maxWaitSeconds: 60 },
  device: growing(5),
  deviceSignIns: growing(100),
} as const satisfies Record<string, Limit | number>

export interface ThrottleKey {
  key: string
  limit: Limit
  /** What a successful sign-in does to it: clear it, give its try back, or keep it counted. */
  onSuccess: 'clear' | 'give-back' | 'keep'
}

/**
 * The counters one sign-in try meets, the narrowest first: those of its known device when it
 * carries this account's device cookie (its id, see known-device.ts), else those of its account
 * and address.
 */
export function keysFor(username: string, address: string | null, deviceId: string | null = null): ThrottleKey[] {
  if (deviceId)
    return [
      { key: `device:${deviceId}`, limit: THROTTLE.device, onSuccess: 'clear' },
      { key: `device-signins:${deviceId}`, limit: THROTTLE.deviceSignIns, onSuccess: 'keep' },
    ]
  const account = username.toLowerCase()
  const from = address ?? 'inconnue'
  return [
    { key: `pair:${account}|${from}`, limit: THROTTLE.pair, onSuccess: 'clear' },
    { key: `signins:${account}|${from}`, limit: THROTTLE.pairSignIns, onSuccess: 'keep' },
    { key: `ip:${from}`, limit: THROTTLE.address, onSuccess: 'give-back' },
    { key: `user:${account}`, limit: THROTTLE.account, onSuccess: 'give-back' },
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
 * A successful sign-in is not a failure: the narrowest failure counter goes, the broader ones get
 * their try back (their wait is lifted only if the try had started it); the sign-in counters keep it.
 */
export async function giveBack(db: Db, keys: ThrottleKey[]) {
  const t = loginAttempts
  for (const { key, limit, onSuccess } of keys) {
    if (onSuccess === 'keep') continue
    if (onSuccess === 'clear') {
      await db.delete(t).where(eq(t.key, key))
      continue
    }
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
