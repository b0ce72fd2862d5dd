// A budget for grouped reads (POST /web/v1/lectures, issue 42). One group is up to a hundred reads
// for the price of one request: measured, 115 ms of server CPU and 66 KB out each, and eight
// connections of one session sending groups back to back took other farmers' orders from 125/s to
// 28/s. The bounds (docs/grouped-reads-budget.md says why these numbers, with the figures):
//
// - per session, groupsPerMinute (120) groups a minute, counted in PostgreSQL, so the bound holds
//   whichever instance answers: one row per session in login_attempts (key `lectures:<session>`,
//   its `failures` column is the count, `window_start` the minute's start), numbered by one
//   statement (INSERT … ON CONFLICT DO UPDATE … WHERE count < limit RETURNING) so simultaneous
//   groups cannot slip past it, and a group refused is not counted (the row is left as it was).
//   The housekeeping purges these rows with the sign-in counters, 15 minutes after their window.
// - per session, readsInFlightPerSession (300) reads of groups being answered at once, and per
//   instance, groupsAtOnce (16) groups: in this process's memory, on purpose. What they protect is
//   this process's CPU and its database pool, which are its own; a shared count would cost a
//   query per group to protect what no other instance shares, and would leak a slot whenever an
//   instance died holding one.
//
// The numbers are far from what a device does (src/offline/preparation.ts): the preparation for no
// signal sends its reads LECTURES_MAX at a time, one group after the other — three or four for a
// demo farm, about nine for a large one (60 articles × 10 addresses) — and the order-line form a
// group of four or five per article opened. An adviser who prepares five members in a minute and
// opens twenty articles stays under 100 groups.
//
// A refusal is 429 with Retry-After and a French reason (the client waits that long, then sends the
// group again: src/api/grouped-reads.ts). A client that does not wait costs the instance a refusal
// per answer: past refusalsPerSecond in a second, refusals are answered after brakeMs (as the
// sign-in's flood brake does), and a session whose minute is spent is refused from memory, without
// a query, until its window ends (the database said so; the window's end cannot move).
import { eq, sql } from 'drizzle-orm'
import type { DateTime } from 'luxon'
import { CODES_ERREUR } from '../../contract/error-codes'
import { LECTURES_LIMITEES } from '../../contract/lectures'
import type { Db } from '../db/client'
import { loginAttempts } from '../db/schema'
import { HttpError } from '../http/http-error'

export const LECTURES_BUDGET = {
  /** Groups a session may send in a minute (counted in PostgreSQL, every instance together). */
  groupsPerMinute: 120,
  windowSeconds: 60,
  /** Reads of one session's groups being answered at once on one instance (three full groups). */
  readsInFlightPerSession: 3 * 100,
  /** Groups being answered at once on one instance, every session together (beyond: 503). */
  groupsAtOnce: 16,
  /** Refusals answered at once in a second on an instance; beyond, each after brakeMs. A device
   * that waits Retry-After is never refused twice in a second, so any more is a client that does
   * not wait: measured, 8 such connections made 16 refusals a second, each a session lookup. */
  refusalsPerSecond: 4,
  brakeMs: 1_000,
  /** Refusals held at once at most (a timer each, nothing queued); beyond, answered at once. */
  maxHeld: 500,
} as const

const key = (sessionId: string) => `lectures:${sessionId}`

/**
 * Counts one group of this session in its minute and returns its number, or null when the minute's
 * groups are spent (nothing recorded). One statement: the database numbers simultaneous groups one
 * by one, whichever instance sends them.
 */
export async function countGroup(db: Db, sessionId: string, now: DateTime): Promise<number | null> {
  const at = now.toJSDate()
  const windowOver = now.minus({ seconds: LECTURES_BUDGET.windowSeconds }).toJSDate()
  const t = loginAttempts
  const stale = sql`${t.windowStart} <= ${windowOver}::timestamptz`
  const rows = await db
    .insert(t)
    .values({ key: key(sessionId), failures: 1, windowStart: at, blockedUntil: null })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures: sql`(case when ${stale} then 1 else ${t.failures} + 1 end)`,
        windowStart: sql`(case when ${stale} then ${at}::timestamptz else ${t.windowStart} end)`,
      },
      setWhere: sql`${stale} or ${t.failures} < ${LECTURES_BUDGET.groupsPerMinute}`,
    })
    .returning({ count: t.failures })
  return rows[0]?.count ?? null
}

/** When this session's spent minute ends (ms), as the database has it. */
async function windowEnd(db: Db, sessionId: string, now: DateTime): Promise<number> {
  const [row] = await db
    .select({ windowStart: loginAttempts.windowStart })
    .from(loginAttempts)
    .where(eq(loginAttempts.key, key(sessionId)))
    .limit(1)
  return (row?.windowStart.getTime() ?? now.toMillis()) + LECTURES_BUDGET.windowSeconds * 1000
}

// This process's share (see above).
const readsInFlight = new Map<string, number>()
let groupsInFlight = 0
/** Sessions whose minute is spent, until its end (ms): refused without asking the database again. */
const spentUntil = new Map<string, number>()
const MAX_SPENT_KEPT = 10_000

let refusalWindow = 0
let refusalsInWindow = 0
let held = 0

/** A refusal's answer: at once while refusals are few, else after the brake (see above). */
async function brake(): Promise<void> {
  const now = Date.now()
  if (now - refusalWindow >= 1_000) {
    refusalWindow = now
    refusalsInWindow = 0
  }
  refusalsInWindow++
  if (refusalsInWindow <= LECTURES_BUDGET.refusalsPerSecond || held >= LECTURES_BUDGET.maxHeld) return
  held++
  await new Promise((resolve) => setTimeout(resolve, LECTURES_BUDGET.brakeMs))
  held--
}

const seconds = (n: number) => `${n} seconde${n > 1 ? 's' : ''}`

async function tooMany(retryAfterSeconds: number, message: string): Promise<never> {
  await brake()
  throw new HttpError(429, message, LECTURES_LIMITEES, { 'Retry-After': String(retryAfterSeconds) })
}

async function busy(): Promise<never> {
  await brake()
  throw new HttpError(
    503,
    'Serveur occupé par d’autres lectures groupées : veuillez réessayer dans quelques secondes.',
    CODES_ERREUR.SERVEUR_OCCUPE,
    { 'Retry-After': '2' },
  )
}

/**
 * Admits a group of `reads` reads of this session, or throws its refusal (429 or 503, Retry-After).
 * The returned release must be called once the group is answered. A group refused writes nothing.
 */
export async function admitGroup(db: Db, sessionId: string, reads: number, now: DateTime): Promise<() => void> {
  const spent = spentUntil.get(sessionId)
  if (spent !== undefined && spent > now.toMillis()) {
    const wait = Math.max(1, Math.ceil((spent - now.toMillis()) / 1000))
    return tooMany(wait, `Trop de lectures groupées en une minute : veuillez réessayer dans ${seconds(wait)}.`)
  }
  spentUntil.delete(sessionId)
  // Taken before any await, so that simultaneous groups of one session meet the bound one by one.
  const mine = readsInFlight.get(sessionId) ?? 0
  if (mine + reads > LECTURES_BUDGET.readsInFlightPerSession)
    return tooMany(1, `Trop de lectures groupées en cours : veuillez réessayer dans ${seconds(1)}.`)
  if (groupsInFlight >= LECTURES_BUDGET.groupsAtOnce) return busy()
  readsInFlight.set(sessionId, mine + reads)
  groupsInFlight++
  let released = false
  const release = () => {
    if (released) return
    released = true
    groupsInFlight--
    const left = (readsInFlight.get(sessionId) ?? reads) - reads
    if (left > 0) readsInFlight.set(sessionId, left)
    else readsInFlight.delete(sessionId)
  }
  try {
    if ((await countGroup(db, sessionId, now)) !== null) return release
    const end = await windowEnd(db, sessionId, now)
    if (spentUntil.size >= MAX_SPENT_KEPT) spentUntil.clear()
    spentUntil.set(sessionId, end)
    release()
    const wait = Math.max(1, Math.ceil((end - now.toMillis()) / 1000))
    return tooMany(wait, `Trop de lectures groupées en une minute : veuillez réessayer dans ${seconds(wait)}.`)
  } catch (e) {
    release()
    throw e
  }
}

/** What this process holds now (tests). */
export const budgetInFlight = () => ({ groups: groupsInFlight, sessions: readsInFlight.size })
