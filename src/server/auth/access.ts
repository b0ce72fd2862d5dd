// Every /web/v1/tiers/{numTiers}/… call goes through here: may this session act for that customer?
// The rule itself is src/domain/roles.ts#mayActFor, shared with the browser.
import { mayActFor } from '../../domain/roles'
import type { SessionUser } from '../http/env'
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
