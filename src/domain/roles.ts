// Roles of both spec files (section 6). Which role acts for whom is decided here, once,
// for the browser (menus, redirects) and the server (every /web/v1/tiers/{numTiers} call).

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
 * Staff roles that act on behalf of any member (connect-as). The spec lets administrators and
 * customer service connect as a member; field advisers (portefeuille, région) do the same.
 */
const ACT_FOR_MEMBER_ROLES: readonly string[] = [
  ROLE.ECRITURE_TOUS,
  ROLE.ECRITURE_REGION,
  ROLE.ECRITURE_PORTEFEUILLE,
  ROLE.ADMIN_METIER,
  ROLE.ECRITURE_ARTICLE,
]

const hasAny = (roles: readonly string[], wanted: readonly string[]) => roles.some((r) => wanted.includes(r))

export const isFarmer = (roles: readonly string[]) => roles.includes(ROLE.LECTURE_PERSONNELLE)
export const isVgmMember = (roles: readonly string[]) => roles.includes(ROLE.ADHERENT_VGM)
export const canConfirmOrder = (roles: readonly string[]) => hasAny(roles, WRITE_ROLES)
export const canActForMembers = (roles: readonly string[]) => hasAny(roles, ACT_FOR_MEMBER_ROLES)
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
): boolean {
  if (isVgmMember(user.roles)) return false
  if (canActForMembers(user.roles)) return user.actingFor === numTiers
  return isFarmer(user.roles) && user.username === numTiers
}
