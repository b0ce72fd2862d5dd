import { eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { tiers } from '../../db/schema'

/** A farmer's username is their numTiers (ordering-area §6): their customer, if it exists. */
export async function findCustomerIdentity(db: Db, username: string) {
  const [row] = await db
    .select({ numTiers: tiers.numTiers, typeTiers: tiers.typeTiers })
    .from(tiers)
    .where(eq(tiers.numTiers, username))
    .limit(1)
  return row ?? null
}

/** Of these members, those that exist, with their names (a round's members: issue 52). */
export async function membersNamed(db: Db, numTiers: readonly string[]): Promise<Map<string, string>> {
  const rows = await db
    .select({ numTiers: tiers.numTiers, raisonSociale: tiers.raisonSociale })
    .from(tiers)
    .where(inArray(tiers.numTiers, [...numTiers]))
  return new Map(rows.map((r) => [r.numTiers, r.raisonSociale]))
}
