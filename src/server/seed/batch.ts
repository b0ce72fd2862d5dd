// Batched inserts: one statement per 500 rows keeps seeding fast and stays far below
// PostgreSQL's 65 535 bind parameters per statement.
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client'

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export async function insertAll<T extends PgTable>(tx: Tx, table: T, rows: Array<T['$inferInsert']>, size = 500) {
  for (let i = 0; i < rows.length; i += size) {
    await tx.insert(table).values(rows.slice(i, i + size) as never)
  }
}
