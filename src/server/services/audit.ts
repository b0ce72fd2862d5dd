// The audit log: who did what for which customer (connect-as, parameters, banner messages, the
// orderable switches). Written by several routes, so it lives here.
import type { Db } from '../db/client'
import { auditLog } from '../db/schema'

export async function audit(db: Db, entry: { username: string; numTiers: string | null; action: string; details?: unknown }) {
  await db.insert(auditLog).values({ username: entry.username, numTiers: entry.numTiers, action: entry.action, details: entry.details ?? null })
}
