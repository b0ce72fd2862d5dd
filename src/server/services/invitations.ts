// The invitations' states (issue 48): every sign-in account — members and staff alike — is in
// exactly one state, decided by one SQL expression that the counts, the list, `npm run invitations
// -- etat` and the send (under the accounts' locks) all share, so the screen, the terminal and
// what is sent never disagree. Sending is services/invitations-send.ts.
import { eq, sql, type SQL } from 'drizzle-orm'
import type { DateTime } from 'luxon'
import {
  TAILLE_PAGE,
  type CompteInvitation,
  type Compteurs,
  type EtatInvitation,
  type Invitations,
} from '../../contract/invitations'
import type { Db } from '../db/client'
import { users } from '../db/schema'
import { escapeLike, selectRows } from '../db/raw'

/** Where a link to the account `u` goes: its own address, else the member's (as accountEmail). */
export const adresseSql = sql`coalesce(nullif(u.email, ''), (select nullif(t.email, '') from tiers t where t.num_tiers = u.username))`

/**
 * The state of the account `u` (alias of users) at `now`: the first that holds, in the order of
 * ETATS_INVITATION's comment. A link is good as services/sign-in-links.ts#goodLink says.
 */
export const etatSql = (now: DateTime): SQL<EtatInvitation> => sql<EtatInvitation>`case
    when u.desactive_a is not null then 'desactive'
    when u.password_hash is not null then 'mot-de-passe'
    when u.connexion_oidc_a is not null then 'oidc'
    when ${adresseSql} is null then 'sans-adresse'
    when exists (select 1 from liens_connexion l where l.username = u.username and l.utilise_a is null
                   and l.remplace_a is null and l.expire_a > ${now.toISO()}::timestamptz) then 'lien-en-attente'
    when exists (select 1 from liens_connexion l where l.username = u.username) then 'lien-expire'
    else 'non-invite' end`

const zero = (): Compteurs => ({
  'non-invite': 0,
  'lien-en-attente': 0,
  'lien-expire': 0,
  'sans-adresse': 0,
  'mot-de-passe': 0,
  oidc: 0,
  desactive: 0,
})

/** How many accounts are in each state: one query. */
export async function countInvitations(db: Db, now: DateTime): Promise<Compteurs> {
  const rows = await selectRows<{ etat: EtatInvitation; n: number }>(
    db,
    sql`select etat, count(*)::int as n from (select ${etatSql(now)} as etat from users u) s group by etat`,
  )
  const counts = zero()
  for (const r of rows) counts[r.etat] = Number(r.n)
  return counts
}

/** One page of the accounts, by username, in a state (or all) and matching a number or a name. */
export async function listInvitations(
  db: Db,
  now: DateTime,
  opts: { etat?: EtatInvitation; page?: number; recherche?: string },
): Promise<Invitations> {
  const page = Math.max(1, opts.page ?? 1)
  const text = opts.recherche?.trim()
  const search = text
    ? sql`and (u.username ilike ${`${escapeLike(text)}%`} or u.display_name ilike ${`%${escapeLike(text)}%`})`
    : sql``
  const rows = await selectRows<{
    username: string
    display_name: string
    email: string | null
    etat: EtatInvitation
    dernier: Date | string | null
    total: number
  }>(
    db,
    sql`select s.*, count(*) over () as total from (
          select u.username, u.display_name, ${adresseSql} as email, ${etatSql(now)} as etat,
                 (select max(l.cree_a) from liens_connexion l where l.username = u.username) as dernier
            from users u where true ${search}) s
         ${opts.etat ? sql`where s.etat = ${opts.etat}` : sql``}
         order by s.username limit ${TAILLE_PAGE} offset ${(page - 1) * TAILLE_PAGE}`,
  )
  const comptes = rows.map((r): CompteInvitation => ({
    username: r.username,
    displayName: r.display_name,
    email: r.email,
    etat: r.etat,
    dernierEnvoi: r.dernier === null ? null : new Date(r.dernier).toISOString(),
  }))
  // Past the last page there is no row to carry the total: it is counted apart.
  const total = rows.length > 0 ? Number(rows[0]!.total) : page > 1 ? await countMatching(db, now, opts) : 0
  return { compteurs: await countInvitations(db, now), total, page, comptes }
}

async function countMatching(db: Db, now: DateTime, opts: { etat?: EtatInvitation; recherche?: string }) {
  return (await listInvitations(db, now, { ...opts, page: 1 })).total
}

/** A sign-in through the cooperative's OpenID Connect provider: the account's state says so. */
export async function noteOidcSignIn(db: Db, username: string, now: DateTime) {
  await db.update(users).set({ connexionOidcA: now.toJSDate() }).where(eq(users.username, username))
}
