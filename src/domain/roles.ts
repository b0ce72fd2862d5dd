// Roles of both spec files (section 6). Which role acts for whom is decided here, once: the
// server applies it with its configured staff roles (every /web/v1/tiers/{numTiers} call), and with
// the portfolio it holds for an adviser bound to one, and tells the browser what it decided
// (GET /web/user/me), whose menus and redirects follow that.

export const ROLE = {
  LECTURE_PERSONNELLE: 'COM_ALI_LECTURE_PERSONNELLE',
  ADHERENT_VGM: 'ADD_ALI_ADHERENT_VGM',
  ECRITURE_ARTICLE: 'COM_ALI_ECRITURE_ARTICLE',
  ADMIN_METIER: 'COM_ALI_ADMIN_METIER',
  ECRITURE_TOUS: 'COM_ALI_ECRITURE_TOUS',
  ECRITURE_REGION: 'COM_ALI_ECRITURE_REGION',
  ECRITURE_PORTEFEUILLE: 'COM_ALI_ECRITURE_PORTEFEUILLE',
  ECRITURE_PERSONNELLE: 'COM_ALI_ECRITURE_PERSONNELLE',
} as const

/** Roles that may confirm an order (cart-orders-admin §6). */
const WRITE_ROLES: readonly string[] = [
  ROLE.ECRITURE_TOUS,
  ROLE.ECRITURE_REGION,
  ROLE.ECRITURE_PORTEFEUILLE,
  ROLE.ECRITURE_PERSONNELLE,
]

/**
 * The staff roles Silo lets act on behalf of any member (connect-as) when the server is not told
 * otherwise: the spec lets administrators and customer service connect as a member; field
 * advisers (portefeuille, région) do the same. The server's STAFF_ROLES replaces this list
 * (src/server/config.ts): the cooperative names its own staff roles, and the browser follows
 * the server's decision (GET /web/user/me, agitPourAdherents), never a copy of the list.
 */
export const DEFAULT_STAFF_ROLES: readonly string[] = [
  ROLE.ECRITURE_TOUS,
  ROLE.ECRITURE_REGION,
  ROLE.ECRITURE_PORTEFEUILLE,
  ROLE.ADMIN_METIER,
  ROLE.ECRITURE_ARTICLE,
]

/** Customer roles: never staff, whatever a configuration says (they would open every member's data). */
export const CUSTOMER_ROLES: readonly string[] = [ROLE.LECTURE_PERSONNELLE, ROLE.ADHERENT_VGM]

const hasAny = (roles: readonly string[], wanted: readonly string[]) => roles.some((r) => wanted.includes(r))

export const isFarmer = (roles: readonly string[]) => roles.includes(ROLE.LECTURE_PERSONNELLE)
export const isVgmMember = (roles: readonly string[]) => roles.includes(ROLE.ADHERENT_VGM)
export const canConfirmOrder = (roles: readonly string[]) => hasAny(roles, WRITE_ROLES)
/** Holds one of the staff roles (`staffRoles`: the server's configured list) that act for members
 * (any member, or only their portfolio's: boundToPortfolio). */
export const canActForMembers = (roles: readonly string[], staffRoles: readonly string[]) => hasAny(roles, staffRoles)
/**
 * Bound to a portfolio: of this server's staff roles (`staffRoles`), the user holds only
 * COM_ALI_ECRITURE_PORTEFEUILLE (cart-orders-admin §6). Such an adviser searches, chooses, reads
 * and orders only for the members of their portfolio (the office's portefeuilles.csv); the server
 * reads it from its own rows at each request. Staff holding any other staff role (TOUS, REGION,
 * ADMIN_METIER, ECRITURE_ARTICLE…) act for any member: Silo knows no adviser's region, so REGION
 * is not narrowed.
 */
export function boundToPortfolio(roles: readonly string[], staffRoles: readonly string[]): boolean {
  const staff = roles.filter((r) => staffRoles.includes(r))
  return staff.length > 0 && staff.every((r) => r === ROLE.ECRITURE_PORTEFEUILLE)
}
export const isBusinessAdmin = (roles: readonly string[]) => roles.includes(ROLE.ADMIN_METIER)
export const canEditArticles = (roles: readonly string[]) => roles.includes(ROLE.ECRITURE_ARTICLE)

/** The word the header shows for staff acting for a member: the cooperative's staff (business
 * administrators) are not field advisers, and a farmer must know who is ordering in their name. */
export const staffRoleLabel = (roles: readonly string[]) => (isBusinessAdmin(roles) ? 'Personnel' : 'Conseiller')

/**
 * May this user act for customer `numTiers`? A farmer only for themself (their username is their
 * customer number, ordering-area §6); staff only for the member they chose (connect-as), so a
 * second tab that chose another member cannot send for the first one. VGM members for nobody.
 */
export function mayActFor(
  user: { username: string; roles: readonly string[]; actingFor?: string | null },
  numTiers: string,
  staffRoles: readonly string[],
): boolean {
  if (isVgmMember(user.roles)) return false
  if (canActForMembers(user.roles, staffRoles)) return user.actingFor === numTiers
  return isFarmer(user.roles) && user.username === numTiers
}
