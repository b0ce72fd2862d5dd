// The demo cooperative: a deterministic seed (same rows at every run for the same `today`,
// dates relative to it) loaded in one transaction into an empty database.
import { count, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { users } from '../db/schema'
import { prepareAccounts, seedAccounts } from './accounts'
import { seedArticles } from './articles'
import { seedContracts } from './contracts'
import { seedCustomers } from './customers'
import { seedDeliveries } from './deliveries'
import { seedFarms } from './farms'
import { seedLots } from './lots'
import { seedOrders } from './orders'
import { seedHelpTexts, seedMessages, seedParameters } from './parameters'
import type { Tx } from './batch'
import { seedPortfolios } from './portfolios'
import { seedReference } from './reference'
import { createRng } from './rng'
import { DEMO } from './demo'

const DEMO_MEMBERS = [DEMO.eleveur, DEMO.volailles, DEMO.contentieux, DEMO.vgm]

export interface SeedOptions {
  /** yyyy-MM-dd, Europe/Paris. */
  today: string
}

/** Any constant: instances starting together on one PostgreSQL seed once. */
const SEED_LOCK = 7_146_013_028

export async function seedDemo(db: Db, opts: SeedOptions): Promise<void> {
  const prepared = await prepare(opts.today)
  await db.transaction((tx) => seedInto(tx, opts.today, prepared))
}

/** Seeds only a database without users (a fresh one); true when it seeded. */
export async function seedIfEmpty(db: Db, opts: SeedOptions): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users)
  if ((row?.n ?? 0) > 0) return false
  const prepared = await prepare(opts.today)
  return db.transaction(async (tx) => {
    // Checked again under a lock held until commit: another instance may have seeded meanwhile.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`)
    const [again] = await tx.select({ n: count() }).from(users)
    if ((again?.n ?? 0) > 0) return false
    await seedInto(tx, opts.today, prepared)
    return true
  })
}

async function prepare(today: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new Error(`seed: today must be yyyy-MM-dd, got ${today}`)
  return { accounts: await prepareAccounts(today) }
}

async function seedInto(tx: Tx, today: string, prepared: Awaited<ReturnType<typeof prepare>>) {
  // One generator per area, so that changing one area's data leaves the others' unchanged.
  await seedReference(tx)
  await seedParameters(tx)
  await seedMessages(tx, today)
  await seedHelpTexts(tx)
  await seedAccounts(tx, prepared.accounts)
  const others = await seedCustomers(tx, createRng(1001), today)
  await seedPortfolios(tx, [DEMO_MEMBERS, others.map((o) => o.numTiers)].flat())
  await seedArticles(tx, today)
  await seedFarms(tx, others)
  await seedLots(tx, today)
  await seedContracts(tx, today)
  await seedDeliveries(tx, createRng(2002), today, others)
  await seedOrders(tx, today)
}
