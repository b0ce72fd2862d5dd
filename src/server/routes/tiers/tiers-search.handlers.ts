import { asc, eq, ilike, or, sql } from 'drizzle-orm'
import type { TiersTrouve } from '../../../api/contract/tiers-search'
import type { Db } from '../../db/client'
import { escapeLike } from '../../db/raw'
import { adresses, tiers } from '../../db/schema'

/** By name (anywhere in it, case-insensitive) or by number (its beginning); 50 at most. */
export async function searchTiers(db: Db, q: string): Promise<TiersTrouve[]> {
  const text = escapeLike(q.trim())
  const rows = await db
    .select({
      numTiers: tiers.numTiers,
      raisonSociale: tiers.raisonSociale,
      ville: sql<string | null>`(select ${adresses.ville} from ${adresses} where ${adresses.numTiers} = ${tiers.numTiers} and ${adresses.etat} <> 'S' order by ${adresses.numAdr} limit 1)`,
      codePostal: sql<string | null>`(select ${adresses.codePostal} from ${adresses} where ${adresses.numTiers} = ${tiers.numTiers} and ${adresses.etat} <> 'S' order by ${adresses.numAdr} limit 1)`,
    })
    .from(tiers)
    .where(or(ilike(tiers.raisonSociale, `%${text}%`), ilike(tiers.numTiers, `${text}%`)))
    .orderBy(asc(tiers.raisonSociale))
    .limit(50)
  return rows.map((r) => ({ numTiers: r.numTiers, raisonSociale: r.raisonSociale, adresse: { ville: r.ville, codePostal: r.codePostal } }))
}

export async function tiersExists(db: Db, numTiers: string) {
  const [row] = await db.select({ n: tiers.numTiers }).from(tiers).where(eq(tiers.numTiers, numTiers)).limit(1)
  return Boolean(row)
}

/** Every action staff take for a member is logged with both of them. */
