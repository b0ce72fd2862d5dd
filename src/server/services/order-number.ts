// The number of an order Silo accepts: it follows the id (700000 + id), taken before the insert
// so both are known. A past order imported keeps its ERP number (issue 49), which may be one of
// this series: that number is skipped rather than given twice (a unique violation, a 500).
import { sql } from 'drizzle-orm'
import { commandes } from '../db/schema'
import type { Tx } from '../http/idempotency'

export async function nextOrderNumber(tx: Tx): Promise<{ id: number; numero: string }> {
  for (;;) {
    // One round trip: the next id, and whether its number is already an imported order's.
    const next = await tx.execute<{ id: number; taken: boolean }>(
      sql`select n.id, exists (select 1 from ${commandes} c where c.numero = (700000 + n.id)::text) as taken
            from (select nextval(pg_get_serial_sequence('commandes', 'id'))::int as id) n`,
    )
    const id = Number(next.rows[0]?.id)
    if (!next.rows[0]?.taken) return { id, numero: String(700000 + id) }
  }
}
