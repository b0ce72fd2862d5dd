import { eq } from 'drizzle-orm'
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
