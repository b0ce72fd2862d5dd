// Every row of every table as sorted JSON lines, to compare two databases.
import { sql } from 'drizzle-orm'
import type { Db } from '../../../src/server/db/client'
import { selectRows } from '../../../src/server/db/raw'

/** Columns that legitimately differ between two seeds (salted password hashes). */
const VOLATILE: Record<string, string[]> = { users: ['password_hash'] }

export async function tableNames(db: Db): Promise<string[]> {
  const rows = await selectRows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )
  return rows.map((r) => r.table_name)
}

export async function dumpDatabase(db: Db): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {}
  for (const table of await tableNames(db)) {
    out[table] = (await selectRows(db, sql.raw(`select * from "${table}"`)))
      .map((row) => {
        for (const col of VOLATILE[table] ?? []) delete row[col]
        return JSON.stringify(row, (_k, v: unknown) => (v instanceof Date ? v.toISOString() : v))
      })
      .sort()
  }
  return out
}
