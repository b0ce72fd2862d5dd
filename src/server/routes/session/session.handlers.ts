import { eq } from 'drizzle-orm'
import type { DateTime } from 'luxon'
import type { Db } from '../../db/client'
import { users } from '../../db/schema'
import { giveBack, keysFor, takeTry, throttledMessage } from '../../auth/login-throttle'
import { hashPassword, verifyPassword } from '../../auth/password'

// Compared against when the account does not exist, so both cases take the same time.
const dummyHash = hashPassword('compte-inexistant')

export type PasswordVerdict =
  | { state: 'ok'; username: string }
  | { state: 'refused' }
  | { state: 'throttled'; retryAfterSeconds: number; message: string }

export async function checkPassword(
  db: Db,
  input: { username: string; password: string; ip: string | null; now: DateTime },
): Promise<PasswordVerdict> {
  // Counted before the password is checked: a refused try never reaches scrypt.
  const keys = keysFor(input.username, input.ip)
  const wait = await takeTry(db, keys, input.now)
  if (wait > 0) return { state: 'throttled', retryAfterSeconds: wait, message: throttledMessage(wait) }

  const [user] = await db
    .select({ username: users.username, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.username, input.username))
    .limit(1)
  const ok = await verifyPassword(input.password, user?.passwordHash ?? (await dummyHash))
  if (!user || !user.passwordHash || !ok) return { state: 'refused' }
  await giveBack(db, keys)
  return { state: 'ok', username: user.username }
}

export async function userExists(db: Db, username: string): Promise<boolean> {
  const [row] = await db.select({ username: users.username }).from(users).where(eq(users.username, username)).limit(1)
  return Boolean(row)
}
