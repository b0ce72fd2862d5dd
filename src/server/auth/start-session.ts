// Opening a session for a browser, once who it is has been proven (a password, or a first sign-in
// link's new password): the device is remembered, the session this browser held ends, the new one's
// cookies are written (the session's first: a client reading one Set-Cookie line finds it).
// The cooperative's OpenID Connect provider proves who it is its own way: no device is remembered then.
import type { Context } from 'hono'
import type { AppEnv } from '../http/env'
import { clientAddress } from '../http/client-address'
import { readDeviceCookie, readSessionCookie, writeDeviceCookie } from './cookie'
import { writeSessionCookies } from './device-owner'
import { rememberDevice } from './known-device'
import { createSession, revokeSession } from './session-store'

export const sessionLimitsOf = (c: { get(k: 'deps'): AppEnv['Variables']['deps'] }) => {
  const { config } = c.get('deps')
  return { idleSeconds: config.sessionIdleSeconds, maxAgeSeconds: config.sessionMaxAgeSeconds }
}

export async function startSession(
  c: Context<AppEnv>,
  input: { username: string; knownDeviceId: string | null; device?: false },
): Promise<{ expiresAt: Date }> {
  const { db, clock } = c.get('deps')
  const device =
    input.device === false
      ? null
      : await rememberDevice(db, {
          username: input.username,
          knownId: input.knownDeviceId,
          token: readDeviceCookie(c),
          now: clock.now(),
        })
  // The session this browser held (another user's, or its own) ends with this sign-in.
  const previous = readSessionCookie(c)
  if (previous) await revokeSession(db, previous, clock.now())
  const { token, expiresAt } = await createSession(db, {
    username: input.username,
    now: clock.now(),
    ip: clientAddress(c),
    userAgent: c.req.header('user-agent') ?? null,
    limits: sessionLimitsOf(c),
  })
  await writeSessionCookies(c, input.username, token, expiresAt)
  if (device) writeDeviceCookie(c, device.token, device.expiresAt)
  return { expiresAt }
}
