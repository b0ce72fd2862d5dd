import { and, eq, isNull } from 'drizzle-orm'
import type { DateTime } from 'luxon'
import type { Db } from '../../db/client'
import { users } from '../../db/schema'
import { createHashGate, type GatePlace } from '../../auth/hash-gate'
import { knownDeviceId } from '../../auth/known-device'
import { giveBack, keysFor, takeTry, throttledMessage } from '../../auth/login-throttle'
import { hashPassword, verifyPassword } from '../../auth/password'

// Compared against when the account does not exist, so both cases take the same time.
const dummyHash = hashPassword('compte-inexistant')

/** This process's sign-ins at once (hash-gate.ts): a place is taken before anything else. */
export const signInGate = createHashGate()

export type PasswordVerdict =
  | { state: 'ok'; username: string; deviceId: string | null }
  | { state: 'refused' }
  | { state: 'throttled'; retryAfterSeconds: number; message: string }

export async function checkPassword(
  db: Db,
  place: GatePlace,
  input: { username: string; password: string; ip: string | null; deviceToken: string | null; now: DateTime },
): Promise<PasswordVerdict> {
  // A try from a browser that signed in as this account before meets that device's counters.
  const deviceId = await knownDeviceId(db, input.deviceToken, input.username, input.now)
  // Counted before the password is checked: a refused try never reaches scrypt.
  const keys = keysFor(input.username, input.ip, deviceId)
  const wait = await takeTry(db, keys, input.now)
  if (wait > 0) return { state: 'throttled', retryAfterSeconds: wait, message: throttledMessage(wait) }

  const [user] = await db
    .select({ username: users.username, passwordHash: users.passwordHash, desactiveA: users.desactiveA })
    .from(users)
    .where(eq(users.username, input.username))
    .limit(1)
  const stored = user?.passwordHash ?? (await dummyHash)
  const ok = await place.hash(() => verifyPassword(input.password, stored))
  // A disabled account (npm run personnel -- desactiver) is refused like a wrong password: the
  // password is checked all the same, so the answer's time says nothing of the account's state.
  if (!user || !user.passwordHash || !ok || user.desactiveA) return { state: 'refused' }
  await giveBack(db, keys)
  return { state: 'ok', username: user.username, deviceId }
}

/** An account that may sign in (OpenID Connect): it exists and is not disabled. */
export async function userExists(db: Db, username: string): Promise<boolean> {
  const [row] = await db
    .select({ username: users.username })
    .from(users)
    .where(and(eq(users.username, username), isNull(users.desactiveA)))
    .limit(1)
  return Boolean(row)
}
