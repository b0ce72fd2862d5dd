// Raw SQL through the shared Db type. `Db` is the common base of the drizzle pg drivers,
// so `db.execute()` is typed `unknown`; they answer with `{ rows }`.
import type { SQL } from 'drizzle-orm'
import type { Db } from './client'

export async function selectRows<T extends Record<string, unknown>>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows?: T[] }
  return result.rows ?? []
}

/** A user's search text inside LIKE/ILIKE: its %, _ and \ match themselves, not patterns. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`)
