// Whose data a shared device holds (issue 25, item 1). Two values derived from the username with
// server keys, so neither names the user nor can be made up by a client:
// - the owner tag, in a cookie the app reads synchronously at start (OWNER_COOKIE, not HttpOnly,
//   living and dying with the session cookie): the app paints only from the persisted cache kept
//   under that tag, so a screen is never painted from another user's cache, even offline, and
//   with no session (no tag) nothing is painted at all;
// - the seal key, given to the signed-in user only (GET /web/user/me): when another person comes
//   to the device, the app encrypts the previous user's unsent work with it and forgets it; only
//   that user signing in again gets the key back, and with it their orders, which then leave.
// After a rotation of the server's keys (server-secret.ts): the owner tag of a session opened before
// is still recognised for a session's lifetime (SESSION_MAX_AGE; a new sign-in gets the new tag, and
// the app then rebuilds its offline copy under it, online); the user gets the new seal key, which
// seals from then on, and the previous one beside it until the next rotation, to open what a device
// sealed before (cleScellementPrecedentes).
import { createHmac } from 'node:crypto'
import type { Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import { OWNER_COOKIE } from '../../contract/session'
import type { Db } from '../db/client'
import { publicProtocol } from '../http/client-address'
import type { AppEnv } from '../http/env'
import { writeSessionCookie } from './cookie'
import { acceptedKeys, serverSecretKeys } from './server-secret'

const OWNER_SECRET = 'proprietaire-appareil'
const SEAL_SECRET = 'scellement-appareil'

const derive = (key: Buffer, username: string) => createHmac('sha256', key).update(username).digest('base64url')

/** 22 characters (132 bits): tells users apart, says nothing of who they are. */
const tagOf = (key: Buffer, username: string) => derive(key, username).slice(0, 22)

/** This user's owner tags at `now`: the current one first, then the one before a recent rotation. */
async function ownerTags(c: Context<AppEnv>, username: string): Promise<string[]> {
  const { db, clock, config } = c.get('deps')
  const keys = acceptedKeys(
    await serverSecretKeys(db, OWNER_SECRET),
    clock.now().toJSDate(),
    config.sessionMaxAgeSeconds,
  )
  return keys.map((key) => tagOf(key, username))
}

/**
 * This user's 256-bit AES seal key (base64url), the same at every sign-in, unknown to anyone else,
 * and the one before the last rotation (empty when none): what a device sealed then opens with it.
 */
export async function sealKeys(db: Db, username: string): Promise<{ current: string; previous: string[] }> {
  const keys = await serverSecretKeys(db, SEAL_SECRET)
  return {
    current: derive(keys.current, username),
    previous: keys.previous ? [derive(keys.previous, username)] : [],
  }
}

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
  const tag = (await ownerTags(c, username))[0]!
  writeSessionCookie(c, token, expiresAt)
  writeOwnerCookie(c, tag, expiresAt)
}

/**
 * For a session opened before the tag existed, or whose tag cookie was lost: written again. A tag
 * made with the previous key (a session opened before a rotation) is kept while it is accepted: the
 * device's offline copy stays under it until the next sign-in.
 */
export async function ensureOwnerCookie(c: Context<AppEnv>, username: string, until: Date) {
  const tags = await ownerTags(c, username)
  if (!tags.includes(getCookie(c, OWNER_COOKIE) ?? '')) writeOwnerCookie(c, tags[0]!, until)
}
