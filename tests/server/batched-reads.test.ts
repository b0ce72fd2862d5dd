// The reads of one transaction sent in one round trip (src/server/db/batched-reads.ts): what each
// read gives is what it gave one query at a time (numbers, dates, instants, JSON, joins, SQL
// expressions), parameters are written in as literals that nothing can break out of, and a read
// that fails fails the batch and the transaction as it would have alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, inArray, sql } from 'drizzle-orm'
import { DateTime } from 'luxon'
import { backends, type OpenedTestDb } from './support/databases'
import { batched, pipelinedTransaction } from '../../src/server/db/batched-reads'
import type { Db } from '../../src/server/db/client'
import { readAll } from '../../src/server/db/reads'
import { auditLog, commandeCommentaires, lots, modesReglement, sessions, tiers } from '../../src/server/db/schema'
import { selectRows } from '../../src/server/db/raw'
import { loadOrderContext } from '../../src/server/services/order-context'
import { TEST_TODAY } from './support/app'

/** Counts what the connections the pool hands out as promises are sent (transactions take theirs
 * so; pool.query takes its with a callback and is not counted), until stop(). */
function countSent(db: Db): { count: number; texts: string[]; stop(): void } {
  type Client = { query: (...args: unknown[]) => unknown }
  const pool: { connect: (cb?: unknown) => Promise<Client> } = Reflect.get(Reflect.get(db, 'session'), 'client')
  const connect = pool.connect
  const counter = {
    count: 0,
    texts: [] as string[],
    stop: () => void Reflect.deleteProperty(pool, 'connect'),
  }
  pool.connect = (cb?: unknown) => {
    if (cb) return connect.call(pool, cb)
    return connect.call(pool).then((client) => {
      const counting: Client = Object.create(client)
      counting.query = (...args: unknown[]) => {
        counter.count++
        const first = args[0]
        counter.texts.push(typeof first === 'string' ? first : (first as { text: string }).text)
        return client.query(...args)
      }
      return counting
    })
  }
  return counter
}

/** Counts the queries the transaction's own connection is sent. */
function countQueries(tx: Db): { count: number } {
  const client: { query: (...args: unknown[]) => unknown } = Reflect.get(Reflect.get(tx, 'session'), 'client')
  const counter = { count: 0 }
  const query = client.query.bind(client)
  client.query = (...args: unknown[]) => {
    counter.count++
    return query(...args)
  }
  return counter
}

const today = DateTime.fromISO(TEST_TODAY, { zone: 'Europe/Paris' })

describe.each(backends)('batched reads on $name', (backend) => {
  let opened: OpenedTestDb
  beforeAll(async () => {
    opened = await backend.open()
  })
  afterAll(async () => opened?.close())

  const reads = (db: Db) =>
    [
      () => db.select().from(modesReglement).orderBy(modesReglement.codeRegt),
      () => db.select().from(lots).orderBy(lots.numLot),
      () => db.select({ id: sessions.id, createdAt: sessions.createdAt }).from(sessions).limit(3),
      () => db.select().from(commandeCommentaires).limit(5),
      () =>
        db
          .select({ t: tiers.numTiers, l: lots.numLot })
          .from(tiers)
          .leftJoin(lots, eq(lots.numTiers, tiers.numTiers))
          .where(inArray(tiers.numTiers, ['100001', '100002'])),
      () => db.select({ n: sql<number>`count(*)::int`, d: sql<string>`${TEST_TODAY}::date` }).from(tiers),
    ] as const

  it('each read gives what it gives alone, in one round trip', async () => {
    const alone = await opened.db.transaction((tx) => readAll(tx, reads(tx)))
    const together = await opened.db.transaction(async (tx) => {
      const sent = countQueries(tx)
      const out = await readAll(batched(tx), reads(batched(tx)))
      return { out, sent: sent.count }
    })
    expect(together.out).toEqual(alone)
    expect(together.sent).toBe(1)
  })

  it('an order’s rules read the same context, in three round trips instead of twenty', async () => {
    const articles = ['410101', '410102', '470106']
    const onPool = await loadOrderContext(opened.db, '100001', articles, today)
    const inTx = await opened.db.transaction(async (tx) => {
      const sent = countQueries(tx)
      const ctx = await loadOrderContext(tx, '100001', articles, today)
      return { ctx, sent: sent.count }
    })
    expect(inTx.ctx).toEqual(onPool)
    expect(inTx.sent).toBeLessThanOrEqual(3)
  })

  it('a parameter is a literal: quotes, backslashes and semicolons stay inside it', async () => {
    const hostile = ["x'); drop table tiers; --", 'a\\', "l'Élevage", '$1']
    const found = await opened.db.transaction((tx) => {
      const db = batched(tx)
      return readAll(db, [
        ...hostile.map(
          (h) => () =>
            db
              .select({ v: sql<string>`${h}::text` })
              .from(tiers)
              .limit(1),
        ),
        () => db.select({ n: tiers.numTiers }).from(tiers).where(inArray(tiers.numTiers, hostile)),
      ])
    })
    expect(found.slice(0, hostile.length).map((r) => (r[0] as { v?: string } | undefined)?.v)).toEqual(hostile)
    expect(found.at(-1)).toEqual([])
    expect((await opened.db.select({ n: sql<number>`count(*)::int` }).from(tiers))[0]!.n).toBeGreaterThan(0)
  })

  it('a read that fails fails every read of its batch, and the transaction', async () => {
    const outcomes = await opened.db
      .transaction(async (tx) => {
        const db = batched(tx)
        const both = [
          db.select().from(tiers).limit(1),
          db
            .select({ x: sql`1 / 0` })
            .from(tiers)
            .limit(1),
        ]
        return Promise.allSettled(both)
      })
      .catch((e: Error) => e)
    expect(outcomes).toEqual([
      expect.objectContaining({ status: 'rejected' }),
      expect.objectContaining({ status: 'rejected' }),
    ])
  })

  describe('a pipelined transaction', () => {
    const note = (action: string) => ({ username: 'test-pipeline', action, details: {} })
    const notes = async (action: string) =>
      (await opened.db.select({ action: auditLog.action }).from(auditLog)).filter((r) => r.action === action).length

    it('sends its BEGIN with its first read and its writes with the COMMIT: two round trips', async () => {
      const sent = countSent(opened.db)
      const out = await pipelinedTransaction(opened.db, async (tx) => {
        await tx.insert(auditLog).values(note('pipeline-a'))
        const [claim, rows] = await Promise.all([
          selectRows<{ one: number; word: string }>(tx, sql`select 1 as one, 'x' as word`),
          tx
            .select({ n: sql<number>`count(*)::int` })
            .from(auditLog)
            .where(eq(auditLog.action, 'pipeline-a')),
        ])
        await tx.insert(auditLog).values(note('pipeline-a'))
        await tx.insert(auditLog).values(note('pipeline-a'))
        return { claim, rows }
      }).finally(() => sent.stop())
      // The read sees the write sent before it; a raw read keeps its rows as objects.
      expect(out).toEqual({ claim: [{ one: 1, word: 'x' }], rows: [{ n: 1 }] })
      expect(sent.count).toBe(2)
      expect(sent.texts[0]).toMatch(/^begin/)
      expect(sent.texts[1]).toMatch(/commit$/)
      expect(await notes('pipeline-a')).toBe(3)
    })

    it('a write that fails fails the commit it went with: nothing is stored', async () => {
      const outcome = await pipelinedTransaction(opened.db, async (tx) => {
        await tx.insert(auditLog).values(note('pipeline-b'))
        // Resolved at once: the failure comes with the commit.
        await tx.insert(commandeCommentaires).values({ commandeId: -1, libre: 'sans commande', predefinis: {} })
        return 'committed'
      }).catch((e: Error) => e)
      expect(outcome).toBeInstanceOf(Error)
      expect(await notes('pipeline-b')).toBe(0)
    })

    it('a failed write is not lost when the read it went with swallowed the error: the commit fails', async () => {
      const outcome = await pipelinedTransaction(opened.db, async (tx) => {
        await tx.insert(auditLog).values(note('pipeline-e'))
        await tx.insert(commandeCommentaires).values({ commandeId: -1, libre: 'sans commande', predefinis: {} })
        const read = await tx
          .select()
          .from(tiers)
          .limit(1)
          .catch(() => [])
        return read.length
      }).catch((e: Error) => e)
      expect(outcome).toBeInstanceOf(Error)
      expect(await notes('pipeline-e')).toBe(0)
    })

    it('an error before anything is sent rolls back without a round trip, and stores nothing', async () => {
      const sent = countSent(opened.db)
      const outcome = await pipelinedTransaction(opened.db, async (tx) => {
        await tx.insert(auditLog).values(note('pipeline-c'))
        throw new Error('refusé')
      })
        .catch((e: Error) => e.message)
        .finally(() => sent.stop())
      expect(outcome).toBe('refusé')
      expect(sent.count).toBe(0)
      expect(await notes('pipeline-c')).toBe(0)
    })

    it('an error after a read rolls back what was sent and what was not', async () => {
      const outcome = await pipelinedTransaction(opened.db, async (tx) => {
        await tx.insert(auditLog).values(note('pipeline-d'))
        await tx.select().from(tiers).limit(1)
        await tx.insert(auditLog).values(note('pipeline-d'))
        throw new Error('refusé')
      }).catch((e: Error) => e.message)
      expect(outcome).toBe('refusé')
      expect(await notes('pipeline-d')).toBe(0)
    })
  })
})
