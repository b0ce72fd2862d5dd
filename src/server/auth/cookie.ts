import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { OWNER_COOKIE } from '../../contract/session'
import { publicProtocol } from '../http/client-address'
import type { AppEnv } from '../http/env'

const SESSION_COOKIE = 'silo_session'

/**
 * Secure whenever the browser reaches Silo over https: PUBLIC_URL (or a trusted proxy's
 * X-Forwarded-Proto) says so. Never decided from the Host header, which the client writes: a
 * proxy forwarding `Host: localhost` over https must not strip the flag.
 */
export function writeSessionCookie(c: Context<AppEnv>, token: string, expiresAt: Date) {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: publicProtocol(c) === 'https',
    path: '/',
    expires: expiresAt,
  })
}

export const readSessionCookie = (c: Context) => getCookie(c, SESSION_COOKIE) ?? null
/** The session ends for this browser: its cookie and the owner tag beside it (device-owner.ts). */
export const clearSessionCookie = (c: Context) => {
  deleteCookie(c, SESSION_COOKIE, { path: '/' })
  deleteCookie(c, OWNER_COOKIE, { path: '/' })
}

const DEVICE_COOKIE = 'silo_appareil'

/**
 * The known-device cookie (known-device.ts): sent only to the sign-in endpoints (`/security/`),
 * HttpOnly, SameSite=Lax, Secure over https, kept a year after the last successful sign-in.
 */
export function writeDeviceCookie(c: Context<AppEnv>, token: string, expiresAt: Date) {
  setCookie(c, DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: publicProtocol(c) === 'https',
    path: '/security/',
    expires: expiresAt,
  })
}

export const readDeviceCookie = (c: Context) => getCookie(c, DEVICE_COOKIE) ?? null
