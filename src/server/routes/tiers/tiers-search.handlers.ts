import { and, asc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm'
import type { TiersTrouve } from '../../../contract/tiers-search'
import type { Db } from '../../db/client'
import { escapeLike } from '../../db/raw'
import { adresses, portefeuilles, tiers } from '../../db/schema'

/** `column` contains `text`, case and accents aside ("Chênes" finds "CHÊNES", "vallee" finds
 * "VALLÉE"): silo_sans_accents (migration 0001) is indexed on the name and the town. */
const containsIgnoringAccents = (column: SQL | typeof tiers.raisonSociale | typeof adresses.ville, text: string) =>
  sql`silo_sans_accents(${column}) like '%' || silo_sans_accents(${text}) || '%'`

/**
 * By name or town (anywhere in them, case and accents aside) or by number (its beginning); 50 at most. Each member
 * with the town of their own first address in use (a join on the member's number: a correlated
 * subquery here once compared an unqualified num_tiers with itself and gave everyone one town).
 * `portefeuilleDe`: an adviser bound to a portfolio finds only its members.
 */
export async function searchTiers(db: Db, q: string, portefeuilleDe: string | null = null): Promise<TiersTrouve[]> {
  const text = escapeLike(q.trim())
  const first = db
    .selectDistinctOn([adresses.numTiers], {
      numTiers: adresses.numTiers,
      ville: adresses.ville,
      codePostal: adresses.codePostal,
    })
    .from(adresses)
    .where(ne(adresses.etat, 'S'))
    .orderBy(adresses.numTiers, asc(adresses.numAdr))
    .as('premiere_adresse')
  const rows = await db
    .select({
      numTiers: tiers.numTiers,
      raisonSociale: tiers.raisonSociale,
      ville: first.ville,
      codePostal: first.codePostal,
    })
    .from(tiers)
    .leftJoin(first, eq(first.numTiers, tiers.numTiers))
    .where(
      and(
        portefeuilleDe === null
          ? undefined
          : inArray(
              tiers.numTiers,
              db
                .select({ numTiers: portefeuilles.numTiers })
                .from(portefeuilles)
                .where(eq(portefeuilles.username, portefeuilleDe)),
            ),
        or(
          containsIgnoringAccents(tiers.raisonSociale, text),
          // Any address in use, in its own subquery so its index serves it.
          inArray(
            tiers.numTiers,
            db
              .select({ numTiers: adresses.numTiers })
              .from(adresses)
              .where(and(ne(adresses.etat, 'S'), containsIgnoringAccents(adresses.ville, text))),
          ),
          ilike(tiers.numTiers, `${text}%`),
        ),
      ),
    )
    .orderBy(asc(tiers.raisonSociale), asc(tiers.numTiers))
    .limit(50)
  return rows.map((r) => ({
    numTiers: r.numTiers,
    raisonSociale: r.raisonSociale,
    adresse: { ville: r.ville, codePostal: r.codePostal },
  }))
}

/** Every action staff take for a member is logged with both of them. */
