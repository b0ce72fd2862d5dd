// Every /web/v1/tiers/{numTiers}/… call goes through here: may this session act for that customer?
// The rule itself is src/domain/roles.ts#mayActFor, shared with the browser.
import type { MiddlewareHandler } from 'hono'
import { isBusinessAdmin, mayActFor } from '../../domain/roles'
import type { AppEnv, SessionUser } from '../http/env'
import { forbidden } from '../http/http-error'
import { requireUser } from './session-middleware'

export function requireActFor(c: { get(key: 'user'): SessionUser | null }, numTiers: string): SessionUser {
  const user = requireUser(c)
  if (!mayActFor(user, numTiers)) throw forbidden()
  return user
}

export function requireRole(c: { get(key: 'user'): SessionUser | null }, allowed: (roles: readonly string[]) => boolean): SessionUser {
  const user = requireUser(c)
  if (!allowed(user.roles)) throw forbidden('Vous n’avez pas le rôle nécessaire pour cette action.')
  return user
}

/** COM_ALI_ADMIN_METIER, checked before the path and body are validated: without it, nothing is said about them. */
export const businessAdminOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireRole(c, isBusinessAdmin)
  await next()
}
