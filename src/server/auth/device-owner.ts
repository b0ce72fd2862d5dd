// Whose data a shared device holds (issue 25, item 1). Two values derived from the username with
// server keys, so neither names the user nor can be made up by a client:
// - the owner tag, in a cookie the app reads synchronously at start (OWNER_COOKIE, not HttpOnly,
//   living and dying with the session cookie): the app paints only from the persisted cache kept
//   under that tag, so a screen is never painted from another user's cache, even offline, and
//   with no session (no tag) nothing is painted at all;
// - the seal key, given to the signed-in user only (GET /web/user/me): when another person comes
//   to the device, the app encrypts the previous user's unsent work with it and forgets it; only
//   that user signing in again gets the key back, and with it their orders, which then leave.
import { createHmac } from 'node:crypto'
import type { Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import { OWNER_COOKIE } from '../../contract/session'
import type { Db } from '../db/client'
import { publicProtocol } from '../http/client-address'
import type { AppEnv } from '../http/env'
import { writeSessionCookie } from './cookie'
import { serverSecret } from './server-secret'

const derive = async (db: Db, name: string, username: string) =>
  createHmac('sha256', await serverSecret(db, name))
    .update(username)
    .digest('base64url')

/** 22 characters (132 bits): tells users apart, says nothing of who they are. */
const ownerTag = async (db: Db, username: string) => (await derive(db, 'proprietaire-appareil', username)).slice(0, 22)

/** A 256-bit AES key (base64url), the same at every sign-in of this user, unknown to anyone else. */
export const sealKey = (db: Db, username: string) => derive(db, 'scellement-appareil', username)

function writeOwnerCookie(c: Context<AppEnv>, tag: string, expiresAt: Date) {
  setCookie(c, OWNER_COOKIE, tag, {
    httpOnly: false, // the app reads it before painting anything
    sameSite: 'Lax',
    secure: publicProtocol(c) === 'https',
    path: '/',
    expires: expiresAt,
  })
}

/** A session opened or prolonged: its cookie, and the owner tag beside it with the same end. */
export async function writeSessionCookies(c: Context<AppEnv>, username: string, token: string, expiresAt: Date) {
  const tag = await ownerTag(c.get('deps').db, username)
  writeSessionCookie(c, token, expiresAt)
  writeOwnerCookie(c, tag, expiresAt)
}

/** For a session opened before the tag existed, or whose tag cookie was lost: written again. */
export async function ensureOwnerCookie(c: Context<AppEnv>, username: string, until: Date) {
  const tag = await ownerTag(c.get('deps').db, username)
  if (getCookie(c, OWNER_COOKIE) !== tag) writeOwnerCookie(c, tag, until)
}
