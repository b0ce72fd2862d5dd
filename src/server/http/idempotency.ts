// Idempotency-Key for the POSTs an offline outbox may send several times (cart-orders-admin §7,
// ARCHITECTURE "outbox"): a replay returns the first response; the same key with another body is
// refused (422); a key whose first request is still running answers 409 (try again later).
//
// The claim is taken inside the transaction that does the work, so PostgreSQL serializes the
// requests of one key whatever the instance: a transaction-level advisory lock on the key, held
// until commit or rollback (or the death of the session), then the key's row, written as "done"
// with the response in that same transaction. A request that waits for a connection has claimed
// nothing yet (another instance may store the order meanwhile: this one then finds the key done
// and replays it); a request whose session dies loses its claim with its work (rolled back), and
// the client's retry replays or runs again. Two orders for one key cannot both commit.
// Keys are kept 30 days (at least the 14 promised).
import { CODES_ERREUR } from '../../contract/error-codes'
import { createHash } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { pipelinedTransaction } from '../db/batched-reads'
import { selectRows } from '../db/raw'
import { idempotencyKeys } from '../db/schema'
import { HttpError } from './http-error'
import { byCharacters } from '../../domain/compare'

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
export interface Outcome {
  status: number
  body: unknown
}

/** An "in_flight" row (written by an earlier Silo) older than this died with its request. */
const STALE_MS = 30_000
const KEEP_DAYS = 30
export const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/
/** Any constant: the first half of the advisory locks that claim keys (two-int key space). */
const LOCK_CLASS = 7_146_026

/** The key's lock, a 32-bit digest of the user and key: a rare collision only answers 409. */
const lockId = (username: string, key: string) =>
  createHash('sha256').update(`${username}\n${key}`).digest().readInt32BE(0)

const inProgress = () =>
  new HttpError(
    409,
    'Cette requête est déjà en cours de traitement. Réessayez dans quelques instants.',
    CODES_ERREUR.IDEMPOTENCE_EN_COURS,
  )

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => byCharacters(a, b))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`
  }
  return JSON.stringify(value ?? null)
}

const requestHash = (scope: string, body: unknown) =>
  createHash('sha256')
    .update(`${scope}\n${canonical(body)}`)
    .digest('hex')

interface Options {
  username: string
  key: string | null | undefined
  /** The route and customer: the same body sent to another customer is another request. */
  scope: string
  body: unknown
  now: Date
}

export async function idempotent(
  db: Db,
  opts: Options,
  run: (tx: Tx) => Promise<Outcome>,
): Promise<Outcome & { replayed: boolean }> {
  if (!opts.key) return { ...(await pipelinedTransaction(db, run)), replayed: false }
  if (!KEY_PATTERN.test(opts.key))
    throw new HttpError(
      400,
      'En-tête Idempotency-Key invalide (8 à 100 lettres, chiffres, - ou _)',
      CODES_ERREUR.IDEMPOTENCE_INVALIDE,
    )
  const { username, key, now } = opts
  const hash = requestHash(opts.scope, opts.body)
  const keyOf = and(eq(idempotencyKeys.username, username), eq(idempotencyKeys.key, key))

  // Read committed (whatever the database's default): the key's row is read after the lock is
  // granted, by a statement that sees what the previous holder committed. The two are sent
  // together (the transaction is pipelined, db/batched-reads.ts) and run in that order; the row
  // is only looked at when the lock was granted.
  return pipelinedTransaction(
    db,
    async (tx) => {
      const [[claim], [row]] = await Promise.all([
        selectRows<{ claimed: boolean }>(
          tx,
          sql`select pg_try_advisory_xact_lock(${LOCK_CLASS}::int, ${lockId(username, key)}::int) as claimed`,
        ),
        tx.select().from(idempotencyKeys).where(keyOf).limit(1),
      ])
      if (!claim?.claimed) throw inProgress()
      if (row && row.requestHash !== hash)
        throw new HttpError(
          422,
          "Cette clé d'idempotence a déjà servi pour une autre requête.",
          CODES_ERREUR.IDEMPOTENCE_AUTRE_REQUETE,
        )
      if (row?.state === 'done') return { status: row.responseStatus ?? 200, body: row.responseBody, replayed: true }
      // "in_flight": a claim written by a Silo before this version, running or dead.
      if (row && now.getTime() - row.createdAt.getTime() <= STALE_MS) throw inProgress()

      const outcome = await run(tx)
      const done = {
        requestHash: hash,
        state: 'done',
        responseStatus: outcome.status,
        responseBody: outcome.body as object,
        createdAt: now,
      }
      // The key's row and the prune go with the commit (writes of a pipelined transaction).
      await tx
        .insert(idempotencyKeys)
        .values({ username, key, ...done })
        .onConflictDoUpdate({ target: [idempotencyKeys.username, idempotencyKeys.key], set: done })
      // Keeps the table to a month of keys, a few rows at a time, never waiting on another
      // transaction pruning the same rows. Oldest first, by the index on created_at: without the
      // order the planner, expecting many old keys, scanned the whole table for the first 100 —
      // every order read every key of the month (15 ms at 12,500 keys, issue 50's orders/s).
      await tx.execute(sql`
        delete from ${idempotencyKeys} where ctid in (
          select ctid from ${idempotencyKeys}
          where ${idempotencyKeys.createdAt} < ${now.toISOString()}::timestamptz - make_interval(days => ${KEEP_DAYS})
          order by ${idempotencyKeys.createdAt}
          limit 100 for update skip locked)`)
      return { ...outcome, replayed: false }
    },
    { isolationLevel: 'read committed' },
  )
}
