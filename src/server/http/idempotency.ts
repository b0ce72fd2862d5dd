// Idempotency-Key for the POSTs an offline outbox may send several times (cart-orders-admin §7,
// ARCHITECTURE "outbox"): a replay returns the first response; the same key with another body is
// refused (422); a key whose first request is still running answers 409 (try again later). The
// key is marked done in the same transaction as the work it guards, so "the order was stored but
// the key says otherwise" cannot happen. Keys are kept 30 days (at least the 14 promised).
import { createHash } from 'node:crypto'
import { and, eq, lt, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { idempotencyKeys } from '../db/schema'
import { HttpError } from './http-error'

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
export interface Outcome {
  status: number
  body: unknown
}

/** A first request older than this and still "in flight" died with its transaction: retake it. */
const STALE_MS = 30_000
const KEEP_DAYS = 30
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
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
  if (!opts.key) return { ...(await db.transaction(run)), replayed: false }
  if (!KEY_PATTERN.test(opts.key))
    throw new HttpError(
      400,
      'En-tête Idempotency-Key invalide (8 à 100 lettres, chiffres, - ou _)',
      'IDEMPOTENCE_INVALIDE',
    )
  const hash = requestHash(opts.scope, opts.body)
  const keyOf = and(eq(idempotencyKeys.username, opts.username), eq(idempotencyKeys.key, opts.key))

  const claimed = await db
    .insert(idempotencyKeys)
    .values({ username: opts.username, key: opts.key, requestHash: hash, state: 'in_flight', createdAt: opts.now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key })
  if (claimed.length === 0) {
    const [row] = await db.select().from(idempotencyKeys).where(keyOf).limit(1)
    if (row && row.requestHash !== hash) {
      throw new HttpError(
        422,
        "Cette clé d'idempotence a déjà servi pour une autre requête.",
        'IDEMPOTENCE_AUTRE_REQUETE',
      )
    }
    if (row?.state === 'done') return { status: row.responseStatus ?? 200, body: row.responseBody, replayed: true }
    const stale = row && opts.now.getTime() - row.createdAt.getTime() > STALE_MS
    const retaken = stale
      ? await db
          .update(idempotencyKeys)
          .set({ createdAt: opts.now })
          .where(and(keyOf, eq(idempotencyKeys.state, 'in_flight'), eq(idempotencyKeys.createdAt, row.createdAt)))
          .returning({ key: idempotencyKeys.key })
      : []
    if (retaken.length === 0) {
      throw new HttpError(
        409,
        'Cette requête est déjà en cours de traitement. Réessayez dans quelques instants.',
        'IDEMPOTENCE_EN_COURS',
      )
    }
  } else {
    // Cheap on the createdAt index; keeps the table to a month of keys.
    await db
      .delete(idempotencyKeys)
      .where(
        lt(
          idempotencyKeys.createdAt,
          sql`${opts.now.toISOString()}::timestamptz - interval '${sql.raw(String(KEEP_DAYS))} days'`,
        ),
      )
  }

  try {
    const outcome = await db.transaction(async (tx) => {
      const result = await run(tx)
      await tx
        .update(idempotencyKeys)
        .set({ state: 'done', responseStatus: result.status, responseBody: result.body as object })
        .where(keyOf)
      return result
    })
    return { ...outcome, replayed: false }
  } catch (err) {
    // Nothing was stored: free the key so the next try runs again.
    await db
      .delete(idempotencyKeys)
      .where(and(keyOf, eq(idempotencyKeys.state, 'in_flight')))
      .catch(() => {})
    throw err
  }
}
