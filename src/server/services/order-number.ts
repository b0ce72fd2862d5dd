// The number of an order Silo accepts: it follows the id (700000 + id), taken before the insert
// so both are known. A past order imported keeps its ERP number (issue 49), which may be one of
// this series: that number is skipped rather than given twice (a unique violation, a 500).
import { eq, sql } from 'drizzle-orm'
import { commandes } from '../db/schema'
import type { Tx } from '../http/idempotency'

export async function nextOrderNumber(tx: Tx): Promise<{ id: number; numero: string }> {
  for (;;) {
    const next = await tx.execute<{ id: number }>(
      sql`select nextval(pg_get_serial_sequence('commandes', 'id'))::int as id`,
    )
    const id = Number(next.rows[0]?.id)
    const numero = String(700000 + id)
    const taken = await tx.select({ id: commandes.id }).from(commandes).where(eq(commandes.numero, numero)).limit(1)
    if (taken.length === 0) return { id, numero }
  }
}
