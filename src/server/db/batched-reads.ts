// Independent reads of one transaction in one round trip, and its writes sent with what follows
// them (issue 50: orders at a cooperative's size). A transaction is one connection, so its
// queries go one after another (reads.ts): the 21 reads an order's rules need were 21 round
// trips, and on a machine where a loopback write costs 0.2–0.3 ms each round trip is paid in CPU
// on both sides (the profile of `bench:api`'s orders: a third of Node's time in writev).
//
// - `batched(tx)` gives a view of the transaction whose queries started in the same turn of the
//   event loop are sent together as one multi-statement query (the simple protocol: parameters
//   written in as literals, escaped by pg itself); each gets its own result back, parsed by its
//   own type parsers and mapped by drizzle as before.
// - `pipelinedTransaction(db, run)` is a transaction batched from its start whose BEGIN and
//   writes that give nothing back (no RETURNING) are not sent on their own: they go with the next
//   query that needs an answer, at the latest with the COMMIT. Their promises resolve at once
//   with no row count; a write that fails fails the query it went with, so the transaction, as it
//   would have at its own turn (a failed statement ends a PostgreSQL transaction anyway). An
//   order is then 3 round trips after its reads: the number, and its writes with the commit.
//
// Same connection, same transaction, same snapshot per statement, same order: only the round
// trips go.
import { PgTransaction, type PgTransactionConfig } from 'drizzle-orm/pg-core'
import pg from 'pg'
import pgUtils from 'pg/lib/utils.js'
import type { Db } from './client'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** What drizzle's node-postgres session gives its client for each query. */
interface QueryConfig {
  text: string
  rowMode?: 'array'
  name?: string
  types?: unknown
}
/** Rows as arrays (drizzle's selects, a batch) or as objects (raw queries). */
type Result = pg.QueryResult<unknown[] | Record<string, unknown>>
interface Pending {
  config: QueryConfig
  params: unknown[]
  resolve(result: Result): void
  reject(error: unknown): void
}
interface Client {
  query(config: QueryConfig, params?: unknown[]): Promise<Result>
}
interface PoolClient extends Client {
  release(error?: unknown): void
}
/** drizzle keeps its session in PgDatabase.session and `_.session`, its client in
 * NodePgSession.client (drizzle-orm 0.45): internal fields, read and set by name. Its
 * transaction() takes a connection from the client when the client is a pg Pool. */
interface Session {
  client: Client & { connect?(): Promise<PoolClient> }
}

/** The clients made here: a database whose session has one batches its queries. */
const batchingClients = new WeakSet<object>()

const sessionOf = (db: object): Session => Reflect.get(db, 'session') as Session

/** Is `db` a view made by `batched`, or a pipelined transaction (reads.ts starts its reads at once on it)? */
export const isBatched = (db: object): boolean => batchingClients.has(sessionOf(db).client)

/** A value as a SQL literal, as pg would have sent it as a parameter; null when pg would send bytes. */
function literal(value: unknown): string | null {
  const prepared = pgUtils.prepareValue(value) as string | Buffer | null
  if (prepared === null) return 'NULL'
  if (typeof prepared !== 'string') return null
  return pg.escapeLiteral(prepared)
}

/** The query with its parameters written in, or null when one cannot be (bytes, a prepared statement). */
function inlined({ config, params }: Pending): string | null {
  if (config.name) return null
  const values = params.map(literal)
  if (values.some((v) => v === null)) return null
  // drizzle's SQL names its parameters $1…$n and quotes every identifier: no other `$n` in it.
  return config.text.replace(/\$(\d+)\b/g, (_, n: string) => values[Number(n) - 1]!)
}

const isWrite = (text: string) => /^\s*(insert|update|delete)\b/i.test(text) && !/\breturning\b/i.test(text)
const isBegin = (text: string) => /^\s*begin\b/i.test(text)
/** ROLLBACK, or ROLLBACK TO SAVEPOINT: what was not sent yet would be undone, so it is not sent. */
const isRollback = (text: string) => /^\s*rollback\b/i.test(text)

/** A result in the row mode its query asked for (the batch is read in array mode). */
function shaped(result: Result, config: QueryConfig): Result {
  if (config.rowMode === 'array' || !result.fields) return result
  const names = result.fields.map((f) => f.name)
  const rows = result.rows.map((row) => Object.fromEntries(names.map((n, i) => [n, (row as unknown[])[i]])))
  return { ...result, rows }
}

/** What a statement not sent yet answers: nothing, and no count. */
const unsent = (command: string): Result => ({ command, rowCount: null, oid: 0, rows: [], fields: [] })

/** A client that sends the queries started in one turn of the event loop together; with `defer`,
 * BEGIN and writes without RETURNING wait for the next query that needs an answer. */
function batching<C extends Client>(client: C, defer: boolean): C {
  let queue: Pending[] = []
  /** Sent with the next batch, in order, before it: already answered to their callers. */
  let deferred: Pending[] = []
  let begun = !defer
  let running: Promise<void> = Promise.resolve()
  /** The error that ended the transaction. Every query after it but a rollback fails with it:
   * a deferred write's failure cannot be lost by a caller that swallowed the read it went with,
   * whereas PostgreSQL would answer the COMMIT of the ended transaction with a silent ROLLBACK. */
  let failure: { error: unknown } | null = null

  async function flush(batch: Pending[]): Promise<void> {
    const rollback = batch.length === 1 && isRollback(batch[0]!.config.text)
    if (failure && !rollback) {
      for (const p of batch) p.reject(failure.error)
      return
    }
    try {
      await send(batch)
      // A rollback to a savepoint makes the transaction usable again.
      if (rollback) failure = null
    } catch (error) {
      failure = { error }
    }
  }

  /** Sends the deferred queries and the batch; throws (after rejecting the batch) when PostgreSQL refused. */
  async function send(batch: Pending[]): Promise<void> {
    const ahead = deferred
    deferred = []
    if (batch.length === 1 && isRollback(batch[0]!.config.text) && ahead.length > 0) {
      // Nothing of the transaction reached the server yet: there is nothing to roll back.
      if (!begun) return batch[0]!.resolve(unsent('ROLLBACK'))
      ahead.length = 0
    }
    const all = [...ahead, ...batch]
    if (ahead.some((p) => isBegin(p.config.text))) begun = true
    const texts = all.map(inlined)
    if (all.length > 1 && texts.every((t) => t !== null)) {
      try {
        // Each drizzle query brings its own copy of the same type parsers (dates and instants as
        // text): one of them parses every result.
        const parsing = all.find((p) => p.config.types)?.config ?? all[0]!.config
        const answer = await client.query({ ...parsing, name: undefined, rowMode: 'array', text: texts.join(';\n') })
        const results = Array.isArray(answer) ? (answer as Result[]) : [answer]
        batch.forEach((p, i) => p.resolve(shaped(results[ahead.length + i]!, p.config)))
      } catch (error) {
        // A failed statement ends the others and the transaction, as it would have one by one.
        for (const p of batch) p.reject(error)
        throw error
      }
      return
    }
    // One at a time, in order, as the transaction would have run them (what was deferred first).
    try {
      for (const p of ahead) await client.query(p.config, p.params)
    } catch (error) {
      for (const p of batch) p.reject(error)
      throw error
    }
    const refused: unknown[] = []
    for (const p of batch)
      await client.query(p.config, p.params).then(p.resolve, (error: unknown) => {
        refused.push(error)
        p.reject(error)
      })
    if (refused.length > 0) throw refused[0]
  }

  const proxy = Object.create(client) as C
  proxy.query = (config: QueryConfig, params: unknown[] = []) =>
    new Promise<Result>((resolve, reject) => {
      const pending = { config, params, resolve, reject }
      if (defer && inlined(pending) !== null && (isBegin(config.text) || isWrite(config.text))) {
        deferred.push(pending)
        return resolve(unsent(isBegin(config.text) ? 'BEGIN' : config.text.trim().split(/\s/)[0]!.toUpperCase()))
      }
      if (queue.length === 0)
        setImmediate(() => {
          const batch = queue
          queue = []
          // The connection runs one query at a time: a batch waits for the one before.
          running = running.then(() => flush(batch))
        })
      queue.push(pending)
    })
  batchingClients.add(proxy)
  return proxy
}

/** `db` with its session's client replaced (the rest of the database or transaction as it is). */
function withClient<T extends Db>(db: T, client: Session['client']): T {
  const session: Session = Object.create(sessionOf(db))
  session.client = client
  const view: T = Object.create(db)
  Reflect.set(view, 'session', session)
  Reflect.set(view, '_', { ...Reflect.get(db, '_'), session })
  return view
}

/**
 * The transaction `tx`, whose queries started in one turn of the event loop go to the database
 * together. Anything but a transaction is given back as it is: on the pool, reads run side by
 * side on connections of their own already; so is a transaction batched already.
 */
export function batched<T extends Db>(tx: T): T {
  if (!(tx instanceof PgTransaction) || isBatched(tx)) return tx
  return withClient(tx, batching(sessionOf(tx).client, false))
}

/**
 * drizzle's transaction on a connection that batches from the start and defers BEGIN and the
 * writes that give nothing back (see the top of this file). For a transaction whose code never
 * reads a write's row count nor expects a write's error before its next read.
 */
export function pipelinedTransaction<T>(db: Db, run: (tx: Tx) => Promise<T>, config?: PgTransactionConfig): Promise<T> {
  const pool = sessionOf(db).client
  if (db instanceof PgTransaction || typeof pool.connect !== 'function') return db.transaction(run, config)
  const connect = pool.connect.bind(pool)
  const pipelining = Object.create(pool) as Session['client']
  pipelining.connect = async () => batching(await connect(), true)
  return withClient(db, pipelining).transaction(run, config)
}
