// Independent reads of one transaction in one round trip (issue 50: orders at a cooperative's
// size). A transaction is one connection, so its reads go one after another (reads.ts): the 21
// reads an order's rules need were 21 round trips, and on a machine where a loopback write costs
// 0.2 ms each round trip is paid in CPU on both sides (the profile of `bench:api`'s orders: a third
// of Node's time in writev). The view given by `batched(tx)` is the same transaction whose
// selects, started in the same turn of the event loop, are sent together as one multi-statement
// query (the simple protocol: parameters written in as literals, escaped by pg itself), and each
// gets its own result back, parsed by its own type parsers and mapped by drizzle as before.
// Same connection, same transaction, same snapshot per statement: only the round trips go.
import { PgTransaction } from 'drizzle-orm/pg-core'
import pg from 'pg'
import pgUtils from 'pg/lib/utils.js'
import type { Db } from './client'

/** What drizzle's node-postgres session gives its client for each query. */
interface QueryConfig {
  text: string
  rowMode?: 'array'
  name?: string
  types?: unknown
}
type Result = pg.QueryResult<unknown[]>
interface Pending {
  config: QueryConfig
  params: unknown[]
  resolve(result: Result): void
  reject(error: unknown): void
}
interface Client {
  query(config: QueryConfig, params?: unknown[]): Promise<Result>
}
/** drizzle keeps its session in PgDatabase.session and `_.session`, its client in
 * NodePgSession.client (drizzle-orm 0.45): internal fields, read and set by name. */
interface Session {
  client: Client
}

const views = new WeakSet<object>()

/** Is `db` a view made by `batched` (reads.ts starts its reads at once on it)? */
export const isBatched = (db: object): boolean => views.has(db)

/** A value as a SQL literal, as pg would have sent it as a parameter; null when pg would send bytes. */
function literal(value: unknown): string | null {
  const prepared = pgUtils.prepareValue(value) as string | Buffer | null
  if (prepared === null) return 'NULL'
  if (typeof prepared !== 'string') return null
  return pg.escapeLiteral(prepared)
}

/** The query with its parameters written in, or null when one cannot be (bytes). */
function inlined({ config, params }: Pending): string | null {
  const values = params.map(literal)
  if (values.some((v) => v === null)) return null
  // drizzle's SQL names its parameters $1…$n and quotes every identifier: no other `$n` in it.
  return config.text.replace(/\$(\d+)\b/g, (_, n: string) => values[Number(n) - 1]!)
}

/** A select in drizzle's array mode, or a write that gives no rows back: either can share a
 * multi-statement query (one row mode for all). A prepared statement (a name) cannot. */
const batchable = ({ config }: Pending) =>
  !config.name &&
  (config.rowMode === 'array' ||
    (/^\s*(insert|update|delete)\b/i.test(config.text) && !/\breturning\b/i.test(config.text)))

async function flush(client: Client, batch: Pending[]): Promise<void> {
  const texts = batch.map(inlined)
  const together = batch.length > 1 && texts.every((t) => t !== null) && batch.every(batchable)
  if (!together) {
    // One at a time, in order, as the transaction would have run them.
    for (const p of batch) await client.query(p.config, p.params).then(p.resolve, p.reject)
    return
  }
  try {
    // Each drizzle select brings its own copy of the same type parsers (dates and instants as
    // text): one of them parses every result. A write without RETURNING has no rows to parse.
    const parsing = batch.find((p) => p.config.rowMode === 'array')?.config ?? batch[0]!.config
    const answer = await client.query({ ...parsing, rowMode: 'array', text: texts.join(';\n') })
    const results = Array.isArray(answer) ? (answer as Result[]) : [answer]
    batch.forEach((p, i) => p.resolve(results[i]!))
  } catch (error) {
    // A failed statement ends the others and the transaction, as it would have one by one.
    for (const p of batch) p.reject(error)
  }
}

/**
 * The transaction `tx`, whose queries started in one turn of the event loop go to the database
 * together. Anything but a transaction is given back as it is: on the pool, reads run side by
 * side on connections of their own already.
 */
export function batched<T extends Db>(tx: T): T {
  if (!(tx instanceof PgTransaction)) return tx
  const inner: Session = Reflect.get(tx as object, 'session')
  const client = inner.client
  let queue: Pending[] = []
  let running: Promise<void> = Promise.resolve()
  const proxy: Client = {
    query(config, params = []) {
      return new Promise<Result>((resolve, reject) => {
        if (queue.length === 0)
          setImmediate(() => {
            const batch = queue
            queue = []
            // The connection runs one query at a time: a batch waits for the one before.
            running = running.then(() => flush(client, batch))
          })
        queue.push({ config, params, resolve, reject })
      })
    },
  }
  const session: Session = Object.create(inner)
  session.client = proxy
  const view: T = Object.create(tx)
  Reflect.set(view, 'session', session)
  Reflect.set(view, '_', { ...Reflect.get(tx, '_'), session })
  views.add(view)
  return view
}
