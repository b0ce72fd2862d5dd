// The audit log: who did what for which customer (connect-as, parameters, banner messages, the
// orderable switches). Written by several routes and by the session store (sign-ins): one insert into the db's own table.
import type { Db } from './client'
import { auditLog } from './schema'

export async function audit(
  db: Db,
  entry: { username: string; numTiers: string | null; action: string; details?: unknown },
) {
  await db.insert(auditLog).values({
    username: entry.username,
    numTiers: entry.numTiers,
    action: entry.action,
    details: entry.details ?? null,
  })
}
