// First sign-in links (issue 40). An imported member has no password: staff acting for them send a
// link by mail, through the mail outbox (services/mailer.ts), so it is sent once the transaction
// that made it commits, by whichever instance, and never lost. The mail carries a random token of
// 256 bits; the table keeps only its SHA-256. A link serves once, for LIEN_VALIDITE_HEURES; a newer
// one replaces it; staff may send at most LIENS_PAR_JOUR for one member in 24 h (counted under the
// account's row lock, so a burst of sends cannot pass it). The token is wiped from the kept mail
// once the link is used or replaced.
import { createHash, randomBytes } from 'node:crypto'
import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm'
import type { DateTime } from 'luxon'
import { CODES_ERREUR } from '../../contract/error-codes'
import {
  LIEN_VALIDITE_HEURES,
  LIENS_PAR_JOUR,
  PREMIERE_CONNEXION_PATH,
  type AccesAdherent,
  type LienConnexion,
} from '../../contract/acces-adherent'
import type { CompteMotDePasse } from '../../domain/mot-de-passe'
import type { Db } from '../db/client'
import { auditLog, liensConnexion, mailOutbox, sessions, users } from '../db/schema'
import { HttpError, notFound } from '../http/http-error'

const empreinte = (jeton: string) => createHash('sha256').update(jeton).digest('hex')

const NO_ACCOUNT =
  'Cet adhérent n’a pas de compte de connexion : importez-le (comptes.csv) avant de lui envoyer un lien.'
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

function mailBody(displayName: string, username: string, url: string, hasPassword: boolean) {
  return [
    `Bonjour ${displayName},`,
    '',
    hasPassword
      ? 'Votre coopérative vous envoie un lien pour choisir un nouveau mot de passe sur Silo, la commande d’aliments en ligne.'
      : 'Votre coopérative vous ouvre l’accès à Silo, la commande d’aliments en ligne.',
    `Votre identifiant : ${username}`,
    '',
    `Pour choisir votre mot de passe, ouvrez ce lien dans les ${LIEN_VALIDITE_HEURES} heures :`,
    url,
    '',
    'Ce lien ne sert qu’une fois. Si vous n’attendiez pas ce message, ignorez-le : personne ne peut se servir de votre compte sans ce lien.',
    '',
    'Silo — votre coopérative',
  ].join('\n')
}

/**
 * Sends a link to the member's account: one transaction writes the link (hashed), replaces the
 * previous ones, queues the mail and logs who sent it. Refused, writing nothing: no account (404),
 * no mail address (409), LIENS_PAR_JOUR already sent in 24 h (429).
 */
export async function sendSignInLink(
  db: Db,
  input: { numTiers: string; by: string; now: DateTime; origin: string },
): Promise<LienConnexion> {
  const now = input.now.toJSDate()
  const jeton = randomBytes(32).toString('base64url')
  const url = `${input.origin}${PREMIERE_CONNEXION_PATH}?jeton=${jeton}`
  return db.transaction(async (tx) => {
    // The account's row, locked: two sends at once are counted one after the other.
    const [account] = await tx
      .select({
        username: users.username,
        displayName: users.displayName,
        email: accountEmail,
        hasPassword: sql<boolean>`${users.passwordHash} is not null`,
      })
      .from(users)
      .where(eq(users.username, input.numTiers))
      .for('update')
    if (!account) throw notFound(NO_ACCOUNT, CODES_ERREUR.COMPTE_INEXISTANT)
    if (!account.email) throw new HttpError(409, NO_MAIL, CODES_ERREUR.ADRESSE_ELECTRONIQUE_ABSENTE)
    const since = input.now.minus({ hours: 24 }).toJSDate()
    const [{ sent } = { sent: 0 }] = await tx
      .select({ sent: sql<number>`count(*)::int` })
      .from(liensConnexion)
      .where(and(eq(liensConnexion.username, account.username), gt(liensConnexion.creeA, since)))
    if (sent >= LIENS_PAR_JOUR)
      throw new HttpError(
        429,
        `Déjà ${LIENS_PAR_JOUR} liens envoyés à cet adhérent en 24 heures : attendez avant d’en envoyer un autre.`,
        CODES_ERREUR.TROP_DE_REQUETES,
      )
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
    await wipeTokens(tx, replaced)
    const [mail] = await tx
      .insert(mailOutbox)
      .values({
        to: account.email,
        subject: 'Silo : choisissez votre mot de passe',
        body: mailBody(account.displayName, account.username, url, account.hasPassword),
      })
      .returning({ id: mailOutbox.id })
    const [row] = await tx
      .insert(liensConnexion)
      .values({
        empreinte: empreinte(jeton),
        username: account.username,
        envoyePar: input.by,
        email: account.email,
        creeA: now,
        expireA: input.now.plus({ hours: LIEN_VALIDITE_HEURES }).toJSDate(),
        mailId: mail!.id,
      })
      .returning()
    await tx.insert(auditLog).values({
      username: input.by,
      numTiers: input.numTiers,
      action: 'lien-connexion',
      details: { email: account.email },
    })
    return linkOf(row!)
  })
}

/**
 * The mail outbox keeps a mail's text for a while after it is sent (services/housekeeping.ts): a
 * link's token is wiped from it once the link is used or replaced, so that table never holds a
 * token that still opens an account, beyond the link's short life.
 */
async function wipeTokens(tx: Pick<Db, 'update'>, links: { mailId: number | null }[]) {
  const ids = links.flatMap((l) => (l.mailId === null ? [] : [l.mailId]))
  if (ids.length === 0) return
  await tx
    .update(mailOutbox)
    .set({ body: sql`regexp_replace(${mailOutbox.body}, 'jeton=[A-Za-z0-9_-]+', 'jeton=(lien-hors-service)', 'g')` })
    .where(inArray(mailOutbox.id, ids))
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
    await wipeTokens(tx, [used])
    await tx.update(users).set({ passwordHash: input.passwordHash }).where(eq(users.username, used.username))
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.username, used.username), isNull(sessions.revokedAt)))
    await tx.insert(auditLog).values({ username: used.username, numTiers: null, action: 'mot-de-passe-choisi' })
    return used.username
  })
}
