import { asc, eq } from 'drizzle-orm'
import type { Tiers } from '../../contract/tiers'
import type { Db } from '../db/client'
import { readAll } from '../db/reads'
import { adresses, lots, tiers } from '../db/schema'

/** Is this member known? An unknown one gets a 404, not a foreign-key error. */
export async function tiersExists(db: Db, numTiers: string): Promise<boolean> {
  return (await db.select({ n: tiers.numTiers }).from(tiers).where(eq(tiers.numTiers, numTiers)).limit(1)).length > 0
}

/** The customer's typeTiers as its row says; null for an unknown customer. */
export async function typeTiersOf(db: Db, numTiers: string): Promise<string | null> {
  const [row] = await db.select({ t: tiers.typeTiers }).from(tiers).where(eq(tiers.numTiers, numTiers)).limit(1)
  return row?.t ?? null
}

export async function findTiers(db: Db, numTiers: string): Promise<Tiers | null> {
  const [row] = await db.select().from(tiers).where(eq(tiers.numTiers, numTiers)).limit(1)
  if (!row) return null
  const [addresses, lot] = await readAll(db, [
    () => db.select().from(adresses).where(eq(adresses.numTiers, numTiers)).orderBy(asc(adresses.numAdr)),
    () => db.select({ numLot: lots.numLot }).from(lots).where(eq(lots.numTiers, numTiers)).limit(1),
  ])
  return {
    numTiers: row.numTiers,
    raisonSociale: row.raisonSociale,
    typeTiers: row.typeTiers,
    numEntite: row.numEntite,
    email: row.email,
    hasLots: lot.length > 0,
    adresses: addresses.map((a) => ({
      numAdr: a.numAdr,
      etat: a.etat,
      adresse1: a.adresse1,
      adresse2: a.adresse2,
      adresse3: a.adresse3,
      codePostal: a.codePostal,
      ville: a.ville,
    })),
  }
}
