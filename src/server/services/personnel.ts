// Staff accounts kept by the cooperative's IT team from the command line (issue 48):
// `npm run personnel -- creer | liste | desactiver | reactiver` (cli/personnel.ts). A fresh Silo
// (SEED=none, no OpenID Connect) has no account that can sign in: the operator makes the first
// staff account here and opens the first sign-in link it prints. What they do is in audit_log,
// under the username 'operateur'.
import { and, arrayOverlaps, asc, desc, eq, isNull, sql } from 'drizzle-orm'
import type { DateTime } from 'luxon'
import type { LienConnexion } from '../../contract/acces-adherent'
import { courrielRefuse, identifiantRefuse, nomRefuse, rolesPersonnel, rolesRefuses } from '../../domain/personnel'
import { CUSTOMER_ROLES } from '../../domain/roles'
import type { Db } from '../db/client'
import { auditLog, liensConnexion, sessions, tiers, users } from '../db/schema'
import { dropUnsentLinks, issueSignInLink } from './sign-in-links'

/** Who the audit log names for what the command line did. */
const OPERATEUR = 'operateur'

/** A refusal for the operator, in French: nothing was written. */
export class RefusPersonnel extends Error {}

/** Said when links cannot be made (services/link-origin.ts): the command says what to set. */
export const SANS_ADRESSE_PUBLIQUE =
  'Impossible de faire un lien de première connexion : PUBLIC_URL n’est pas défini. Définissez PUBLIC_URL (l’adresse publique de Silo, par exemple PUBLIC_URL=https://silo.cooperative.fr) avec la même valeur que pour Silo, ou, pour un essai sur cette machine seulement, HOST=127.0.0.1 (le lien sera alors http://localhost:PORT). Rien n’a été enregistré.'

export interface NouveauPersonnel {
  identifiant: string
  nom: string
  courriel: string
  roles: string[]
}

/**
 * Creates the staff account, or updates its name, address and roles (never its password), and
 * makes its first sign-in link, in one transaction: a refused link (too many in the hour) leaves
 * the account as it was. Refused, writing nothing: an identifier, name, address or role that does
 * not pass (domain/personnel.ts), the number of a member or a member's account, a disabled
 * account, links disabled (`origin` null). `mail` false makes the link without queuing a mail.
 */
export async function creerPersonnel(
  db: Db,
  input: NouveauPersonnel & {
    staffRoles: readonly string[]
    origin: string | null
    mail: boolean
    now: DateTime
  },
): Promise<{ cree: boolean; url: string; lien: LienConnexion }> {
  const roles = [...new Set(input.roles)]
  const refus =
    identifiantRefuse(input.identifiant) ??
    nomRefuse(input.nom) ??
    courrielRefuse(input.courriel) ??
    rolesRefuses(roles, input.staffRoles)
  if (refus) throw new RefusPersonnel(refus)
  if (!input.origin) throw new RefusPersonnel(SANS_ADRESSE_PUBLIQUE)
  const nom = input.nom.trim()
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({ numTiers: tiers.numTiers })
      .from(tiers)
      .where(eq(tiers.numTiers, input.identifiant))
    if (member)
      throw new RefusPersonnel(
        `Identifiant « ${input.identifiant} » refusé : c’est le numéro d’un tiers (adhérent) ; son compte est celui de l’adhérent. Choisissez un autre identifiant.`,
      )
    const [existing] = await tx
      .select({ roles: users.roles, desactiveA: users.desactiveA })
      .from(users)
      .where(eq(users.username, input.identifiant))
      .for('update')
    if (existing?.roles.some((r) => CUSTOMER_ROLES.includes(r)))
      throw new RefusPersonnel(
        `Le compte « ${input.identifiant} » est celui d’un adhérent (rôle ${existing.roles.filter((r) => CUSTOMER_ROLES.includes(r)).join(', ')}) : il ne devient pas un compte du personnel.`,
      )
    if (existing?.desactiveA)
      throw new RefusPersonnel(
        `Le compte « ${input.identifiant} » est désactivé : réactivez-le d’abord (npm run personnel -- reactiver ${input.identifiant}).`,
      )
    // xmax = 0: this statement inserted the row (of two creer at once, one creates, one updates).
    const [upserted] = await tx
      .insert(users)
      .values({ username: input.identifiant, displayName: nom, email: input.courriel, roles })
      .onConflictDoUpdate({ target: users.username, set: { displayName: nom, email: input.courriel, roles } })
      .returning({ cree: sql<boolean>`xmax = 0` })
    const cree = upserted!.cree
    await tx.insert(auditLog).values({
      username: OPERATEUR,
      numTiers: null,
      action: cree ? 'personnel-cree' : 'personnel-modifie',
      details: { compte: input.identifiant, nom, email: input.courriel, roles },
    })
    const { lien, url } = await issueSignInLink(tx, {
      numTiers: input.identifiant,
      by: OPERATEUR,
      demandeur: { par: 'operateur' },
      now: input.now,
      origin: input.origin,
      mail: input.mail,
    })
    return { cree, url, lien }
  })
}

/** The state of an account's last link, as `liste` shows it. */
export type EtatLien =
  | { etat: 'aucun' }
  | { etat: 'utilise'; a: Date }
  | { etat: 'remplace' }
  | { etat: 'expire'; a: Date }
  | { etat: 'valable'; jusqua: Date }

export interface CompteListe {
  identifiant: string
  nom: string
  courriel: string | null
  roles: string[]
  motDePasse: boolean
  dernierLien: EtatLien
  desactiveA: Date | null
}

function etatLien(row: typeof liensConnexion.$inferSelect | undefined, now: DateTime): EtatLien {
  if (!row) return { etat: 'aucun' }
  if (row.utiliseA) return { etat: 'utilise', a: row.utiliseA }
  if (row.remplaceA) return { etat: 'remplace' }
  if (row.expireA.getTime() <= now.toMillis()) return { etat: 'expire', a: row.expireA }
  return { etat: 'valable', jusqua: row.expireA }
}

/** The staff accounts (those holding a staff role), by identifier; members are not listed. */
export async function listePersonnel(db: Db, staffRoles: readonly string[], now: DateTime): Promise<CompteListe[]> {
  const accounts = await db
    .select({
      identifiant: users.username,
      nom: users.displayName,
      courriel: users.email,
      roles: users.roles,
      motDePasse: sql<boolean>`${users.passwordHash} is not null`,
      desactiveA: users.desactiveA,
    })
    .from(users)
    .where(arrayOverlaps(users.roles, rolesPersonnel(staffRoles)))
    .orderBy(asc(users.username))
  if (accounts.length === 0) return []
  const last = await db
    .selectDistinctOn([liensConnexion.username])
    .from(liensConnexion)
    .innerJoin(users, eq(users.username, liensConnexion.username))
    .where(arrayOverlaps(users.roles, rolesPersonnel(staffRoles)))
    .orderBy(liensConnexion.username, desc(liensConnexion.creeA))
  const byAccount = new Map(last.map((r) => [r.liens_connexion.username, r.liens_connexion]))
  return accounts.map((a) => ({ ...a, dernierLien: etatLien(byAccount.get(a.identifiant), now) }))
}

const NO_ACCOUNT = (identifiant: string) => `Aucun compte « ${identifiant} ».`

/**
 * Disables an account, in one transaction: it signs in no more (password, OpenID Connect), its
 * sessions end at once (revoked: the next request gets 401, a refresh too), its unused links are
 * put out of service and their unsent mails given up. Already disabled: nothing changes.
 */
export async function desactiverCompte(
  db: Db,
  identifiant: string,
  now: DateTime,
): Promise<{ deja: Date | null; sessions: number }> {
  const at = now.toJSDate()
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({ desactiveA: users.desactiveA })
      .from(users)
      .where(eq(users.username, identifiant))
      .for('update')
    if (!account) throw new RefusPersonnel(NO_ACCOUNT(identifiant))
    if (account.desactiveA) return { deja: account.desactiveA, sessions: 0 }
    await tx.update(users).set({ desactiveA: at }).where(eq(users.username, identifiant))
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: at })
      .where(and(eq(sessions.username, identifiant), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id })
    const links = await tx
      .update(liensConnexion)
      .set({ remplaceA: at })
      .where(
        and(
          eq(liensConnexion.username, identifiant),
          isNull(liensConnexion.utiliseA),
          isNull(liensConnexion.remplaceA),
        ),
      )
      .returning({ mailId: liensConnexion.mailId })
    await dropUnsentLinks(tx, links)
    await tx.insert(auditLog).values({
      username: OPERATEUR,
      numTiers: null,
      action: 'compte-desactive',
      details: { compte: identifiant, sessions: ended.length, liens: links.length },
    })
    return { deja: null, sessions: ended.length }
  })
}

/** Enables a disabled account again: its password (if any) opens it again; links are to ask anew. */
export async function reactiverCompte(db: Db, identifiant: string): Promise<{ etaitDesactive: boolean }> {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({ desactiveA: users.desactiveA })
      .from(users)
      .where(eq(users.username, identifiant))
      .for('update')
    if (!account) throw new RefusPersonnel(NO_ACCOUNT(identifiant))
    if (!account.desactiveA) return { etaitDesactive: false }
    await tx.update(users).set({ desactiveA: null }).where(eq(users.username, identifiant))
    await tx.insert(auditLog).values({
      username: OPERATEUR,
      numTiers: null,
      action: 'compte-reactive',
      details: { compte: identifiant, desactiveA: account.desactiveA.toISOString() },
    })
    return { etaitDesactive: true }
  })
}
