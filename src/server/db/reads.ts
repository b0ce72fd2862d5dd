// Independent reads of one request: at once on the pool (each query takes a connection of its
// own), one after another on a transaction, which is one connection: pg 8 warns when a query
// starts on a client still running another, and pg 9 refuses it — unless the transaction is a
// batched view (batched-reads.ts), which sends them together.
import { PgTransaction } from 'drizzle-orm/pg-core'
import { isBatched } from './batched-reads'
import type { Db } from './client'

type Results<T extends readonly (() => unknown)[]> = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }

/** Runs each read (a function, so that nothing starts before its turn) and gives their results in order. */
export async function readAll<const T extends readonly (() => unknown)[]>(db: Db, reads: T): Promise<Results<T>> {
  // A batched view of a transaction sends the reads started together in one round trip.
  if (!(db instanceof PgTransaction) || isBatched(db))
    return (await Promise.all(reads.map((read) => read()))) as Results<T>
  const results: unknown[] = []
  for (const read of reads) results.push(await read())
  return results as Results<T>
}
