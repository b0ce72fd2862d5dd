// Every /web/v1/tiers/{numTiers}/… call goes through here: may this session act for that customer?
// The rule itself is src/domain/roles.ts#mayActFor, shared with the browser.
import type { MiddlewareHandler } from 'hono'
import { canActForMembers, isBusinessAdmin, isFarmer, mayActFor } from '../../domain/roles'
import type { AppEnv, SessionUser } from '../http/env'
import { forbidden, HttpError } from '../http/http-error'
import { requireUser } from './session-middleware'

export function requireActFor(c: { get(key: 'user'): SessionUser | null }, numTiers: string): SessionUser {
  const user = requireUser(c)
  if (mayActFor(user, numTiers)) return user
  if (isFarmer(user.roles) || !canActForMembers(user.roles)) throw forbidden()
  // Staff are told which member their session acts for. The code lets an outbox keep an order
  // made for another member until its sender acts for that member again.
  throw new HttpError(
    403,
    user.actingFor
      ? `Vous agissez pour l’adhérent ${user.actingFor}, pas pour ${numTiers} : choisissez cet adhérent avant d’agir pour lui.`
      : `Choisissez d’abord l’adhérent pour lequel vous agissez.`,
    ADHERENT_NON_CHOISI,
  )
}

const ADHERENT_NON_CHOISI = 'ADHERENT_NON_CHOISI'

/** Staff acting for a member: the member, for the audit log; null for a farmer's own session. */
export const actedFor = (user: SessionUser, numTiers: string) => (isFarmer(user.roles) ? null : numTiers)

export function requireRole(
  c: { get(key: 'user'): SessionUser | null },
  allowed: (roles: readonly string[]) => boolean,
): SessionUser {
  const user = requireUser(c)
  if (!allowed(user.roles)) throw forbidden('Vous n’avez pas le rôle nécessaire pour cette action.')
  return user
}

/** COM_ALI_ADMIN_METIER, checked before the path and body are validated: without it, nothing is said about them. */
export const businessAdminOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireRole(c, isBusinessAdmin)
  await next()
}

/**
 * After the numTiers parameter is validated: the session must be allowed to act for that customer
 * (the customer themself, or staff acting for the member they chose). Every call under
 * /web/v1/tiers/{numTiers}/ puts it in its chain.
 */
export const forCustomer: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireActFor(c, c.req.param('numTiers') ?? '')
  await next()
}
