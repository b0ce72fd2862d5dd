// Known devices (OWASP "Slow Down Online Guessing Attacks with Device Cookies"): after a successful
// sign-in the browser gets a long-lived cookie, a random 256-bit token whose SHA-256 is stored in
// known_devices with the account. A later try for that account carrying it is counted on the
// device's own counters (login-throttle.ts), not on the account's or the address's: an attacker
// who spends the account's ceiling from many addresses does not lock its owner out of the browser
// they signed in from before, and wrong passwords from that browser still meet the device's own
// limit. The cookie proves nothing for another account, and a made-up one matches no row. The
// table lives in PostgreSQL, so every instance knows every device.
import { createHash, randomBytes } from 'node:crypto'
import { and, desc, eq, gt, lt, or, sql } from 'drizzle-orm'
import type { DateTime } from 'luxon'
import type { Db } from '../db/client'
import { knownDevices } from '../db/schema'

/** How long a device stays known after its last successful sign-in (the cookie's Max-Age). */
const DEVICE_LIFETIME_SECONDS = 365 * 24 * 3600
/** Devices kept per account: the oldest beyond these are forgotten. */
const DEVICES_PER_ACCOUNT = 20
/** A token as newToken() writes it (base64url of 32 bytes): anything else is not looked up. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/

const idOf = (token: string) => createHash('sha256').update(token).digest('base64url')

/**
 * The id of the known device this cookie names, when it signed in as this account and is still
 * known; else null (no cookie, a forged one, another account's, an expired one).
 */
export async function knownDeviceId(
  db: Db,
  token: string | null,
  username: string,
  now: DateTime,
): Promise<string | null> {
  if (!token || !TOKEN.test(token)) return null
  const id = idOf(token)
  const [row] = await db
    .select({ id: knownDevices.id })
    .from(knownDevices)
    .where(
      and(
        eq(knownDevices.id, id),
        sql`lower(${knownDevices.username}) = ${username.toLowerCase()}`,
        gt(knownDevices.expiresAt, now.toJSDate()),
      ),
    )
    .limit(1)
  return row?.id ?? null
}

/**
 * After a successful sign-in: the device this browser already is for the account gets a new
 * lifetime; otherwise a new device is recorded (replacing the cookie of another account). Returns
 * the token to set in the cookie and its end. The account's expired devices, and those beyond the
 * newest DEVICES_PER_ACCOUNT, are forgotten here, so the table cannot grow without bound.
 */
export async function rememberDevice(
  db: Db,
  input: { username: string; knownId: string | null; token: string | null; now: DateTime },
): Promise<{ token: string; expiresAt: Date }> {
  const now = input.now.toJSDate()
  const expiresAt = input.now.plus({ seconds: DEVICE_LIFETIME_SECONDS }).toJSDate()
  if (input.knownId && input.token) {
    await db.update(knownDevices).set({ lastSignInAt: now, expiresAt }).where(eq(knownDevices.id, input.knownId))
    return { token: input.token, expiresAt }
  }
  const token = randomBytes(32).toString('base64url')
  await db
    .insert(knownDevices)
    .values({ id: idOf(token), username: input.username, createdAt: now, lastSignInAt: now, expiresAt })
  const kept = db
    .select({ id: knownDevices.id })
    .from(knownDevices)
    .where(eq(knownDevices.username, input.username))
    .orderBy(desc(knownDevices.lastSignInAt))
    .limit(DEVICES_PER_ACCOUNT)
  await db
    .delete(knownDevices)
    .where(
      and(
        eq(knownDevices.username, input.username),
        or(lt(knownDevices.expiresAt, now), sql`${knownDevices.id} not in (${kept})`),
      ),
    )
  return { token, expiresAt }
}
