// What a staff account made by the operator (`npm run personnel -- creer`, issue 48) may be: its
// identifier, name, address and roles. Each check returns a French reason, or null when it passes.
import { CUSTOMER_ROLES, ROLE } from './roles'

/** Letters, digits, '.', '_', '-': an identifier typed at the sign-in page, with no space to miss. */
const IDENTIFIANT = /^[A-Za-z0-9._-]{2,60}$/
const HAS_LETTER = /[A-Za-z]/

/**
 * A staff identifier. It must hold a letter: a member's account is named by their member number
 * (ordering-area §6), digits in this cooperative's ERP, so an all-digit staff identifier could be
 * the number of a member imported later, whose comptes.csv line would then overwrite the staff
 * account (its roles, its address). The number of a member already in Silo is refused by the
 * server too (services/personnel.ts), whatever its characters.
 */
export function identifiantRefuse(identifiant: string): string | null {
  if (!IDENTIFIANT.test(identifiant))
    return `Identifiant « ${identifiant} » refusé : de 2 à 60 caractères, lettres sans accent, chiffres, point, tiret ou souligné, sans espace.`
  if (!HAS_LETTER.test(identifiant))
    return `Identifiant « ${identifiant} » refusé : il doit contenir au moins une lettre (un identifiant fait de chiffres est celui d’un adhérent, son numéro de tiers).`
  return null
}

/** One @, a domain with a dot, no space nor separator: what an SMTP server will take. */
const COURRIEL = /^[^\s@<>,;:"()[\]\\]+@[^\s@<>,;:"()[\]\\]+\.[^\s@<>,;:"()[\]\\.]+$/

export function courrielRefuse(courriel: string): string | null {
  if (courriel.length > 200 || !COURRIEL.test(courriel) || courriel.includes('..'))
    return `Adresse électronique « ${courriel} » refusée : elle doit avoir la forme nom@domaine.fr.`
  return null
}

// Control characters and line breaks: a name is shown on one line, in mails too.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/

export function nomRefuse(nom: string): string | null {
  if (nom.trim() === '' || nom.length > 120 || CONTROL.test(nom))
    return 'Nom refusé : de 1 à 120 caractères, sur une ligne (par exemple « Claire Martin »).'
  return null
}

/** The roles a staff account may receive: the server's staff roles, and business administration. */
export const rolesPersonnel = (staffRoles: readonly string[]): string[] => [
  ...new Set([...staffRoles, ROLE.ADMIN_METIER]),
]

/** Roles for a staff account: at least one, each a staff role; a customer role is named as such. */
export function rolesRefuses(roles: readonly string[], staffRoles: readonly string[]): string | null {
  if (roles.length === 0) return 'Aucun rôle : donnez au moins un rôle du personnel avec --roles.'
  const customer = roles.filter((r) => CUSTOMER_ROLES.includes(r))
  if (customer.length > 0)
    return `Rôle refusé : ${customer.join(', ')} est un rôle d’adhérent, pas du personnel. Rôles permis : ${rolesPersonnel(staffRoles).join(', ')}.`
  const allowed = rolesPersonnel(staffRoles)
  const unknown = roles.filter((r) => !allowed.includes(r))
  if (unknown.length > 0)
    return `Rôle inconnu : ${unknown.join(', ')}. Rôles permis (STAFF_ROLES et COM_ALI_ADMIN_METIER) : ${allowed.join(', ')}.`
  return null
}
