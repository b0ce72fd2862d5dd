// First sign-in links (issues 40, 48). An account without a password (an imported member, a staff
// account made by `npm run personnel`) gets a link by mail, through the mail outbox
// (services/mailer.ts), so it is sent once the transaction that made it commits, by whichever
// instance, and never lost. The mail carries a random token of 256 bits; liens_connexion keeps only
// its SHA-256, and the mail's kept text only a place-holder: the link itself waits encrypted in
// mail_outbox.secret until SMTP accepts the mail, then is erased (services/mail-secret.ts). A link
// serves once, for LIEN_VALIDITE_HEURES; a newer one replaces it; whoever asks, at most
// LIENS_PAR_HEURE in an hour and LIENS_PAR_JOUR in 24 h go to one account (counted under the
// account's row lock, so a burst cannot pass them). Links are built from PUBLIC_URL only
// (services/link-origin.ts).
import { createHash, randomBytes } from 'node:crypto'
import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm'
import type { DateTime } from 'luxon'
import { CODES_ERREUR } from '../../contract/error-codes'
import {
  LIEN_VALIDITE_HEURES,
  LIENS_PAR_HEURE,
  LIENS_PAR_JOUR,
  PREMIERE_CONNEXION_PATH,
  type AccesAdherent,
  type LienConnexion,
} from '../../contract/acces-adherent'
import type { CompteMotDePasse } from '../../domain/mot-de-passe'
import type { Db } from '../db/client'
import { auditLog, liensConnexion, mailOutbox, sessions, users } from '../db/schema'
import { HttpError, notFound } from '../http/http-error'
import { MAIL_MAX_ATTEMPTS } from './mailer'
import { LIEN_A_INSERER, sealMailSecret } from './mail-secret'
import { LIENS_DESACTIVES } from './link-origin'

export const empreinte = (jeton: string) => createHash('sha256').update(jeton).digest('hex')

/** A new link's token (256 random bits) and the address it opens, from `origin` (linkOrigin). */
export function newLink(origin: string): { jeton: string; url: string } {
  const jeton = randomBytes(32).toString('base64url')
  return { jeton, url: `${origin}${PREMIERE_CONNEXION_PATH}?jeton=${jeton}` }
}

const NO_ACCOUNT =
  'Cet adhérent n’a pas de compte de connexion : importez-le (comptes.csv) avant de lui envoyer un lien.'
const DISABLED = 'Ce compte est désactivé : aucun lien ne peut lui être envoyé.'
const NO_MAIL =
  'Aucune adresse électronique pour ce compte : ajoutez-la (comptes.csv ou tiers.csv) avant d’envoyer un lien.'

/** Where a link goes: the account's own address, else the member's (a subquery: usable under FOR UPDATE). */
const accountEmail = sql<
  string | null
>`coalesce(nullif(${users.email}, ''), (select nullif(t.email, '') from tiers t where t.num_tiers = ${users.username}))`

/** The member's account as staff see it; its username is the member's number (ordering-area §6). */
export async function readAccess(db: Db, numTiers: string): Promise<AccesAdherent> {
  const [account] = await db
    .select({
      username: users.username,
      displayName: users.displayName,
      email: accountEmail,
      motDePasse: sql<boolean>`${users.passwordHash} is not null`,
    })
    .from(users)
    .where(eq(users.username, numTiers))
  if (!account) throw notFound(NO_ACCOUNT, CODES_ERREUR.COMPTE_INEXISTANT)
  const [last] = await db
    .select()
    .from(liensConnexion)
    .where(eq(liensConnexion.username, numTiers))
    .orderBy(desc(liensConnexion.creeA))
    .limit(1)
  return { ...account, dernierLien: last ? linkOf(last) : null }
}

const linkOf = (row: typeof liensConnexion.$inferSelect): LienConnexion => ({
  email: row.email,
  envoyePar: row.envoyePar,
  envoyeA: row.creeA.toISOString(),
  expireA: row.expireA.toISOString(),
  utiliseA: row.utiliseA?.toISOString() ?? null,
  remplace: row.remplaceA !== null,
})

/** How the mail names who asked for the link. */
export type Demandeur = { par: 'adherent' } | { par: 'personnel' | 'invitation'; nom: string } | { par: 'operateur' }

const demandeurText = (d: Demandeur) =>
  d.par === 'adherent'
    ? 'vous-même, depuis la page de connexion'
    : d.par === 'operateur'
      ? 'l’équipe informatique de votre coopérative'
      : d.nom

export const LINK_MAIL_SUBJECT = 'Silo : choisissez votre mot de passe'

/**
 * The mail's text, as kept in mail_outbox: the link is LIEN_A_INSERER, put in only when the mail is
 * handed to SMTP (its secret), so the kept text opens nothing.
 */
export function linkMailBody(account: { displayName: string; username: string; hasPassword: boolean }, by: Demandeur) {
  return [
    `Bonjour ${account.displayName},`,
    '',
    account.hasPassword
      ? 'Votre coopérative vous envoie un lien pour choisir un nouveau mot de passe sur Silo, la commande d’aliments en ligne.'
      : 'Votre coopérative vous ouvre l’accès à Silo, la commande d’aliments en ligne.',
    `Votre identifiant : ${account.username}`,
    `Ce lien a été demandé par : ${demandeurText(by)}.`,
    '',
    `Pour choisir votre mot de passe, ouvrez ce lien dans les ${LIEN_VALIDITE_HEURES} heures :`,
    LIEN_A_INSERER,
    '',
    'Ce lien ne sert qu’une fois. Si vous n’attendiez pas ce message, ignorez-le : personne ne peut se servir de votre compte sans ce lien.',
    '',
    'Silo — votre coopérative',
  ].join('\n')
}

/** A link refused for want of PUBLIC_URL (services/link-origin.ts): 409, nothing written. */
export const linksDisabled = () => new HttpError(409, LIENS_DESACTIVES, CODES_ERREUR.LIENS_DESACTIVES)

/** What sending a link asks: whose account, who asks (audit: their username), how the mail says so. */
export interface LinkRequest {
  numTiers: string
  by: string
  demandeur: Demandeur
  now: DateTime
  /** linkOrigin(config): null refuses (links disabled). */
  origin: string | null
  /**
   * false: the link is made (hashed) but no mail is queued — the operator's terminal shows it
   * (`npm run personnel` without SMTP_URL), and no encrypted link waits in mail_outbox for a
   * mailer that will never send it.
   */
  mail?: boolean
}

/**
 * Sends a link to an account: one transaction writes the link (hashed), replaces the previous
 * ones, queues the mail (its link encrypted apart from its text) and logs who asked. Refused,
 * writing nothing: links disabled (409), no account (404), no mail address (409), LIENS_PAR_HEURE
 * in the last hour or LIENS_PAR_JOUR in 24 h already sent (429). Returns the link as staff see it,
 * and its address (for the operator's terminal, `npm run personnel`; never logged).
 */
export async function issueSignInLink(db: Db, input: LinkRequest): Promise<{ lien: LienConnexion; url: string }> {
  if (!input.origin) throw linksDisabled()
  const now = input.now.toJSDate()
  const { jeton, url } = newLink(input.origin)
  const mailed = input.mail !== false
  const secret = mailed ? await sealMailSecret(db, url) : null
  return db.transaction(async (tx) => {
    // The account's row, locked: two sends at once are counted one after the other.
    const [account] = await tx
      .select({
        username: users.username,
        displayName: users.displayName,
        email: accountEmail,
        hasPassword: sql<boolean>`${users.passwordHash} is not null`,
        disabled: sql<boolean>`${users.desactiveA} is not null`,
      })
      .from(users)
      .where(eq(users.username, input.numTiers))
      .for('update')
    if (!account) throw notFound(NO_ACCOUNT, CODES_ERREUR.COMPTE_INEXISTANT)
    if (account.disabled) throw new HttpError(409, DISABLED, CODES_ERREUR.COMPTE_INEXISTANT)
    if (!account.email) throw new HttpError(409, NO_MAIL, CODES_ERREUR.ADRESSE_ELECTRONIQUE_ABSENTE)
    const refused = await overLimit(tx, account.username, input.now)
    if (refused) throw new HttpError(429, refused, CODES_ERREUR.TROP_DE_REQUETES)
    const replaced = await tx
      .update(liensConnexion)
      .set({ remplaceA: now })
      .where(
        and(
          eq(liensConnexion.username, account.username),
          isNull(liensConnexion.utiliseA),
          isNull(liensConnexion.remplaceA),
        ),
      )
      .returning({ mailId: liensConnexion.mailId })
    await dropUnsentLinks(tx, replaced)
    const [mail] = mailed
      ? await tx
          .insert(mailOutbox)
          .values({
            to: account.email,
            subject: LINK_MAIL_SUBJECT,
            body: linkMailBody(account, input.demandeur),
            secret,
          })
          .returning({ id: mailOutbox.id })
      : []
    const [row] = await tx
      .insert(liensConnexion)
      .values({
        empreinte: empreinte(jeton),
        username: account.username,
        envoyePar: input.by,
        origine: input.demandeur.par,
        email: account.email,
        creeA: now,
        expireA: input.now.plus({ hours: LIEN_VALIDITE_HEURES }).toJSDate(),
        mailId: mail?.id ?? null,
      })
      .returning()
    await tx.insert(auditLog).values({
      username: input.by,
      numTiers: input.numTiers,
      action: 'lien-connexion',
      details: { email: account.email, origine: input.demandeur.par, ...(mailed ? {} : { courriel: false }) },
    })
    return { lien: linkOf(row!), url }
  })
}

/** Staff acting for the member send a link (Accès de l'adhérent). */
export async function sendSignInLink(db: Db, input: LinkRequest): Promise<LienConnexion> {
  return (await issueSignInLink(db, input)).lien
}

/**
 * Why one more link for this account would pass the limits (a French reason), or null. Counts
 * every link sent to it, whoever asked; call it under the account's row lock.
 */
async function overLimit(tx: Pick<Db, 'select'>, username: string, now: DateTime): Promise<string | null> {
  const [{ hour, day } = { hour: 0, day: 0 }] = await tx
    .select({
      hour: sql<number>`count(*) filter (where ${liensConnexion.creeA} > ${now.minus({ hours: 1 }).toJSDate()})::int`,
      day: sql<number>`count(*)::int`,
    })
    .from(liensConnexion)
    .where(and(eq(liensConnexion.username, username), gt(liensConnexion.creeA, now.minus({ hours: 24 }).toJSDate())))
  if (hour >= LIENS_PAR_HEURE)
    return `Déjà ${LIENS_PAR_HEURE} liens envoyés à ce compte dans l’heure : attendez avant d’en envoyer un autre.`
  if (day >= LIENS_PAR_JOUR)
    return `Déjà ${LIENS_PAR_JOUR} liens envoyés à ce compte en 24 heures : attendez avant d’en envoyer un autre.`
  return null
}

/**
 * A link replaced or used before its mail left: the mail is not sent (its secret erased, given up),
 * so a member never receives a link that no longer opens anything. A mail being sent right now
 * still leaves, with a link that is no longer good.
 */
export async function dropUnsentLinks(tx: Pick<Db, 'update'>, links: { mailId: number | null }[]) {
  const ids = links.flatMap((l) => (l.mailId === null ? [] : [l.mailId]))
  if (ids.length === 0) return
  await tx
    .update(mailOutbox)
    .set({ secret: null, attempts: MAIL_MAX_ATTEMPTS, error: 'Lien remplacé ou utilisé avant l’envoi du courriel.' })
    .where(and(inArray(mailOutbox.id, ids), isNull(mailOutbox.sentAt)))
}

/**
 * The account a link opens, if it is still good (never used, not replaced, not expired), with the
 * names a chosen password must not contain: the account's display name and its tiers' name.
 */
export async function linkAccount(db: Db, jeton: string, now: DateTime): Promise<CompteMotDePasse | null> {
  const [row] = await db
    .select({
      username: liensConnexion.username,
      displayName: users.displayName,
      raisonSociale: sql<string | null>`(select t.raison_sociale from tiers t where t.num_tiers = ${users.username})`,
    })
    .from(liensConnexion)
    .innerJoin(users, eq(users.username, liensConnexion.username))
    .where(goodLink(jeton, now))
  if (!row) return null
  return { username: row.username, noms: [row.displayName, row.raisonSociale ?? ''].filter((n) => n !== '') }
}

const goodLink = (jeton: string, now: DateTime) =>
  and(
    eq(liensConnexion.empreinte, empreinte(jeton)),
    isNull(liensConnexion.utiliseA),
    isNull(liensConnexion.remplaceA),
    gt(liensConnexion.expireA, now.toJSDate()),
    // A disabled account's links open nothing (npm run personnel -- desactiver).
    sql`not exists (select 1 from users u where u.username = ${liensConnexion.username} and u.desactive_a is not null)`,
  )

/**
 * Uses the link: in one transaction it is marked used (only if still good: of two uses at once,
 * one wins), the password is set and the account's other sessions end. Null when the link is no
 * longer good; then nothing is written.
 */
export async function useSignInLink(
  db: Db,
  input: { jeton: string; passwordHash: string; now: DateTime },
): Promise<string | null> {
  const now = input.now.toJSDate()
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(liensConnexion)
      .set({ utiliseA: now })
      .where(goodLink(input.jeton, input.now))
      .returning({ username: liensConnexion.username, mailId: liensConnexion.mailId })
    if (!used) return null
    await dropUnsentLinks(tx, [used])
    await tx.update(users).set({ passwordHash: input.passwordHash }).where(eq(users.username, used.username))
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.username, used.username), isNull(sessions.revokedAt)))
    await tx.insert(auditLog).values({ username: used.username, numTiers: null, action: 'mot-de-passe-choisi' })
    return used.username
  })
}
