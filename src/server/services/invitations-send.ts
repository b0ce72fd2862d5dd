// Sending invitations (issue 48): a first sign-in link to every account not yet invited (or whose
// link no longer opens anything), or to a selection, 20,000 at a time. Set-based: the tokens, their
// hashes and the sealed links are made in Node (the key read once), then each batch is one
// transaction of a few statements (unnest of arrays). Each batch first locks its accounts (users
// rows, FOR UPDATE, in username order so two senders never deadlock) and only then, in a later
// statement — so it sees what a sender that held the locks before it committed — reads their
// states and their links' counts: of two sends at once (two instances, the screen and the
// terminal), the second finds the link the first made and skips the account. The per-account
// limits are services/sign-in-links.ts#overLimit's, counted in SQL.
import { sql } from 'drizzle-orm'
import type { DateTime } from 'luxon'
import { LIEN_VALIDITE_HEURES, LIENS_PAR_HEURE, LIENS_PAR_JOUR } from '../../contract/acces-adherent'
import type { EnvoiInvitations, EtatInvitation, RaisonIgnore } from '../../contract/invitations'
import type { Db } from '../db/client'
import { selectRows } from '../db/raw'
import { adresseSql, etatSql } from './invitations'
import { mailSecretKey, sealWith } from './mail-secret'
import { MAIL_MAX_ATTEMPTS } from './mailer'
import { empreinte, LINK_MAIL_SUBJECT, linkMailBody, linksDisabled, newLink, type Demandeur } from './sign-in-links'

/** Accounts per transaction: a few thousand rows per statement, locks held a fraction of a second. */
const INVITATIONS_PAR_LOT = 2000

/** Where the mails' template gets each account's number and name (the text is cut there). */
const NUMBER = '\u0001'
const NAME = '\u0002'

/** Invitations wait behind an order's confirmation (0) in the mail outbox. */
const PRIORITE_INVITATION = 1

export interface InvitationRequest {
  /** Everyone not yet invited or whose link expired; or these accounts (numbers or staff names). */
  cible: { tous: true } | { identifiants: readonly string[] }
  /** Who asked, for the audit log and the link: the staff member's username, or 'operateur'. */
  by: string
  demandeur: Demandeur
  now: DateTime
  /** linkOrigin(config): null refuses (links disabled), writing nothing. */
  origin: string | null
  lot?: number
}

const noneSkipped = (): EnvoiInvitations['ignores'] => ({
  inconnu: 0,
  desactive: 0,
  'mot-de-passe': 0,
  oidc: 0,
  'sans-adresse': 0,
  'lien-en-attente': 0,
  limite: 0,
})

/** Why an account in this state gets no link; null: it is invited (within the limits). */
const skipReason = (etat: EtatInvitation): RaisonIgnore | null =>
  etat === 'non-invite' || etat === 'lien-expire' ? null : etat

const array = (values: readonly unknown[]) => sql.param(values)

/**
 * These statements' estimated costs (a subquery per account) pass jit_above_cost, and compiling
 * them took longer than running them (75 ms of 470 for the states of 20,000 accounts).
 */
const NO_JIT = sql`set local jit = off`

/**
 * Queues a link for each target account that has an address and neither a password nor a good
 * link, within the limits. Returns how many were queued and how many skipped, by reason.
 */
export async function sendInvitations(db: Db, input: InvitationRequest): Promise<EnvoiInvitations> {
  if (!input.origin) throw linksDisabled()
  const result: EnvoiInvitations = { envoyes: 0, ignores: noneSkipped() }
  let targets: string[]
  if ('tous' in input.cible) {
    // A first look, without locks: who may need a link. Each is looked at again under its lock.
    const rows = await db.transaction(async (tx) => {
      await tx.execute(NO_JIT)
      return selectRows<{ username: string; etat: EtatInvitation }>(
        tx,
        sql`select u.username, ${etatSql(input.now)} as etat from users u order by u.username`,
      )
    })
    targets = []
    for (const r of rows) {
      const reason = skipReason(r.etat)
      if (reason) result.ignores[reason]++
      else targets.push(r.username)
    }
  } else {
    targets = [...new Set(input.cible.identifiants.map((id) => id.trim()).filter((id) => id !== ''))].sort()
  }
  if (targets.length === 0) return result
  const key = await mailSecretKey(db)
  const size = input.lot ?? INVITATIONS_PAR_LOT
  for (let i = 0; i < targets.length; i += size) {
    const batch = await sendBatch(db, key, targets.slice(i, i + size), { ...input, origin: input.origin })
    result.envoyes += batch.envoyes
    for (const [reason, n] of Object.entries(batch.ignores) as [RaisonIgnore, number][]) result.ignores[reason] += n
  }
  return result
}

interface Candidate {
  username: string
  display_name: string
  email: string | null
  etat: EtatInvitation
  heure: number
  jour: number
}

async function sendBatch(
  db: Db,
  key: Buffer,
  usernames: string[],
  input: InvitationRequest & { origin: string },
): Promise<EnvoiInvitations> {
  const result: EnvoiInvitations = { envoyes: 0, ignores: noneSkipped() }
  const now = input.now
  return db.transaction(async (tx) => {
    await tx.execute(NO_JIT)
    const locked = await selectRows<{ username: string }>(
      tx,
      sql`select username from users where username = any(${array(usernames)}::text[]) order by username for update`,
    )
    result.ignores.inconnu = usernames.length - locked.length
    if (locked.length === 0) return result
    // Read after the locks are held: this statement sees every send that held them before.
    const rows = await selectRows<Candidate & Record<string, unknown>>(
      tx,
      sql`select u.username, u.display_name, ${adresseSql} as email, ${etatSql(now)} as etat,
                 coalesce(c.heure, 0)::int as heure, coalesce(c.jour, 0)::int as jour
            from users u
            left join lateral (
              select count(*) filter (where l.cree_a > ${now.minus({ hours: 1 }).toISO()}::timestamptz) as heure,
                     count(*) as jour
                from liens_connexion l
               where l.username = u.username and l.cree_a > ${now.minus({ hours: 24 }).toISO()}::timestamptz) c on true
           where u.username = any(${array(locked.map((r) => r.username))}::text[])
           order by u.username`,
    )
    const invited: Candidate[] = []
    for (const r of rows) {
      const reason =
        skipReason(r.etat) ?? (Number(r.heure) >= LIENS_PAR_HEURE || Number(r.jour) >= LIENS_PAR_JOUR ? 'limite' : null)
      if (reason) result.ignores[reason]++
      else invited.push(r)
    }
    if (invited.length === 0) return result
    await queueLinks(tx, key, invited, input)
    result.envoyes = invited.length
    return result
  })
}

/** Writes the links, their mails and the audit rows of these locked accounts: a few statements. */
async function queueLinks(
  tx: Pick<Db, 'execute'>,
  key: Buffer,
  accounts: Candidate[],
  input: InvitationRequest & { origin: string },
) {
  const now = input.now
  const names = accounts.map((a) => a.username)
  // Their earlier links (expired, or never used) are replaced, their unsent mails given up.
  await tx.execute(sql`with replaced as (
      update liens_connexion set remplace_a = ${now.toISO()}::timestamptz
       where username = any(${array(names)}::text[]) and utilise_a is null and remplace_a is null
       returning mail_id)
    update mail_outbox set secret = null, attempts = ${MAIL_MAX_ATTEMPTS},
           error = 'Lien remplacé ou utilisé avant l’envoi du courriel.'
     where id in (select mail_id from replaced) and sent_at is null`)
  const ids = (
    await selectRows<{ id: number }>(
      tx,
      sql`select nextval(pg_get_serial_sequence('mail_outbox', 'id'))::int as id from generate_series(1, ${accounts.length})`,
    )
  ).map((r) => Number(r.id))
  const hashes: string[] = []
  const secrets: string[] = []
  for (let i = 0; i < accounts.length; i++) {
    const { jeton, url } = newLink(input.origin)
    hashes.push(empreinte(jeton))
    secrets.push(sealWith(key, url))
  }
  const emails = accounts.map((a) => a.email!)
  // The mails' text is linkMailBody's, made once with markers where SQL puts each account's number
  // and name: its few hundred bytes are not sent and parsed 20,000 times (1.4 of 4.5 s, measured).
  const template = linkMailBody({ displayName: NAME, username: NUMBER, hasPassword: false }, input.demandeur)
  const withName = (text: string) =>
    text.split(NAME).flatMap((t, i) => (i === 0 ? [sql`${t}::text`] : [sql`display_name`, sql`${t}::text`]))
  const body = sql.join(
    template.split(NUMBER).flatMap((t, i) => (i === 0 ? withName(t) : [sql`username`, ...withName(t)])),
    sql` || `,
  )
  await tx.execute(sql`insert into mail_outbox (id, "to", subject, body, secret, priorite)
    select id, "to", ${LINK_MAIL_SUBJECT}, ${body}, secret, ${PRIORITE_INVITATION}
      from unnest(${array(ids)}::int[], ${array(emails)}::text[], ${array(names)}::text[],
                  ${array(accounts.map((a) => a.display_name))}::text[], ${array(secrets)}::text[])
        as m(id, "to", username, display_name, secret)`)
  await tx.execute(sql`insert into liens_connexion (empreinte, username, envoye_par, origine, email, cree_a, expire_a, mail_id)
    select empreinte, username, ${input.by}, 'invitation', email, ${now.toISO()}::timestamptz,
           ${now.plus({ hours: LIEN_VALIDITE_HEURES }).toISO()}::timestamptz, mail_id
      from unnest(${array(hashes)}::text[], ${array(names)}::text[], ${array(emails)}::text[], ${array(ids)}::int[])
        as l(empreinte, username, email, mail_id)`)
  await tx.execute(sql`insert into audit_log (username, num_tiers, action, details)
    select ${input.by}, username, 'lien-connexion', jsonb_build_object('email', email, 'origine', 'invitation')
      from unnest(${array(names)}::text[], ${array(emails)}::text[]) as a(username, email)`)
}
