// Every /web/v1/tiers/{numTiers}/… call goes through here: may this session act for that customer?
// The rule itself is src/domain/roles.ts#mayActFor, with the staff roles this server is configured
// with (STAFF_ROLES, config.ts); GET /web/user/me tells the browser what it decided. An adviser bound
// to a portfolio (roles.ts#boundToPortfolio) is also checked against it (portfolio.ts), at each
// request, whatever their session chose or their proof names.
import { CODES_ERREUR } from '../../contract/error-codes'
import type { Context, MiddlewareHandler } from 'hono'
import { CHOICE_PROOF_HEADER } from '../../contract/user'
import {
  boundToPortfolio,
  canActForMembers,
  canConfirmOrder,
  isBusinessAdmin,
  isFarmer,
  isVgmMember,
  mayActFor,
} from '../../domain/roles'
import type { AppDeps, AppEnv, SessionUser } from '../http/env'
import { forbidden, HttpError } from '../http/http-error'
import { checkChoiceProof } from './choice-proof'
import { horsPortefeuille, outsidePortfolio } from './portfolio'
import { requireUser } from './session-middleware'

/** What the access checks read of a request: its user and the server's settings. */
interface AccessContext {
  get(key: 'user'): SessionUser | null
  get(key: 'deps'): AppDeps
}

/** The staff roles this server lets act for members (STAFF_ROLES). */
const staffRolesOf = (c: AccessContext) => c.get('deps').config.staffRoles

/** May these roles search members and act for them, on this server? Also what GET /web/user/me says. */
export const actsForMembers = (c: AccessContext, roles: readonly string[]): boolean =>
  !isVgmMember(roles) && canActForMembers(roles, staffRolesOf(c))

/**
 * An adviser bound to a portfolio, for members outside it: 403 HORS_PORTEFEUILLE (one read by the
 * portfolio's key). Nothing is read for other users.
 */
export async function requireInPortfolio(c: AccessContext, user: SessionUser, numTiers: readonly string[]) {
  if (!boundToPortfolio(user.roles, staffRolesOf(c))) return
  const outside = await outsidePortfolio(c.get('deps').db, user.username, numTiers)
  if (outside.length) throw horsPortefeuille(outside)
}

/** Whose portfolio narrows this user's member search: their own if they are bound to one, else null. */
export const portfolioOf = (c: AccessContext, user: SessionUser): string | null =>
  boundToPortfolio(user.roles, staffRolesOf(c)) ? user.username : null

/** As the session stands (roles, member chosen), then the adviser's portfolio. */
export async function requireActFor(c: AccessContext, numTiers: string): Promise<SessionUser> {
  const user = requireChosen(c, numTiers)
  await requireInPortfolio(c, user, [numTiers])
  return user
}

function requireChosen(c: AccessContext, numTiers: string): SessionUser {
  const user = requireUser(c)
  if (mayActFor(user, numTiers, staffRolesOf(c))) return user
  if (isFarmer(user.roles) || !canActForMembers(user.roles, staffRolesOf(c))) throw forbidden()
  // Staff are told which member their session acts for. The code lets an outbox keep an order
  // made for another member until its sender acts for that member again.
  throw new HttpError(
    403,
    user.actingFor
      ? `Vous agissez pour l’adhérent ${user.actingFor}, pas pour ${numTiers} : choisissez cet adhérent avant d’agir pour lui.`
      : `Choisissez d’abord l’adhérent pour lequel vous agissez.`,
    CODES_ERREUR.ADHERENT_NON_CHOISI,
  )
}

/**
 * For an order or a survey, which may have waited in the outbox: as requireActFor, or staff who
 * may confirm orders and send the proof that this session chose that member (choice-proof.ts),
 * even if they have chosen another one since. The proof never helps a farmer or a VGM member, and
 * the roles are read again now, not when the proof was issued.
 */
export async function requireActForWrite(c: Context<AppEnv>, numTiers: string): Promise<SessionUser> {
  const user = requireUser(c)
  if (mayActFor(user, numTiers, staffRolesOf(c))) return requireActFor(c, numTiers)
  const staff = canActForMembers(user.roles, staffRolesOf(c)) && canConfirmOrder(user.roles)
  if (staff && !isFarmer(user.roles) && !isVgmMember(user.roles)) {
    const { db, clock } = c.get('deps')
    if (await checkChoiceProof(db, user, numTiers, c.req.header(CHOICE_PROOF_HEADER), clock.now())) {
      // The proof says the member was chosen (in a round, say), not that they are still the
      // adviser's: the office may have taken them out of the portfolio since.
      await requireInPortfolio(c, user, [numTiers])
      return user
    }
  }
  return requireActFor(c, numTiers)
}

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

/** Staff who may search members and act for them (connect-as), by this server's STAFF_ROLES. */
export const requireStaff = (c: AccessContext): SessionUser => requireRole(c, (roles) => actsForMembers(c, roles))

/** COM_ALI_ADMIN_METIER, checked before the path and body are validated: without it, nothing is said about them. */
export const businessAdminOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireRole(c, isBusinessAdmin)
  await next()
}

/**
 * After the numTiers parameter is validated: the session must be allowed to act for that customer
 * (the customer themself, or staff acting for the member they chose, within their portfolio if
 * they are bound to one). Every call under
 * /web/v1/tiers/{numTiers}/ puts it in its chain.
 */
export const forCustomer: MiddlewareHandler<AppEnv> = async (c, next) => {
  const numTiers = c.req.param('numTiers') ?? ''
  const user = (await actsByProof(c, numTiers)) ? requireUser(c) : requireChosen(c, numTiers)
  await requireInPortfolio(c, user, [numTiers])
  await next()
}

/**
 * Staff whose session chose numTiers, alone or in its round (issue 52), and send the proof of it:
 * they may read for that member without choosing them again on the server — the device of an
 * adviser on their round switches members with no network, and refreshes each member's copy when
 * back in range. The roles are read now; the proof only says this session chose that member.
 */
async function actsByProof(c: Context<AppEnv>, numTiers: string): Promise<boolean> {
  const user = c.get('user')
  const proof = c.req.header(CHOICE_PROOF_HEADER)
  if (!user || !proof || mayActFor(user, numTiers, staffRolesOf(c))) return false
  if (isFarmer(user.roles) || isVgmMember(user.roles) || !canActForMembers(user.roles, staffRolesOf(c))) return false
  const { db, clock } = c.get('deps')
  return checkChoiceProof(db, user, numTiers, proof, clock.now())
}
