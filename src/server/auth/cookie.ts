import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'

export const SESSION_COOKIE = 'silo_session'

/** Secure everywhere but on localhost, where tests and `npm start` run over plain HTTP. */
function isLocal(c: Context) {
  const host = (c.req.header('host') ?? '').split(':')[0] ?? ''
  return host === 'localhost' || host === '127.0.0.1' || host === '[::1]'
}

export function writeSessionCookie(c: Context, token: string, expiresAt: Date) {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: !isLocal(c),
    path: '/',
    expires: expiresAt,
  })
}

export const readSessionCookie = (c: Context) => getCookie(c, SESSION_COOKIE) ?? null
export const clearSessionCookie = (c: Context) => deleteCookie(c, SESSION_COOKIE, { path: '/' })
