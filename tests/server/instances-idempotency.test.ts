// One Idempotency-Key on several real instances sharing one PostgreSQL (issue 26): instance A has a
// pool of one connection, which the test keeps busy (a request of A's waits on a lock the test
// holds), so A stalls while the outbox's retry of the same key reaches B; B's clock is 31 s ahead,
// so a claim of A's would look stale to it. Whatever the order of events: one order, one number,
// and every later replay of the key gives that number. C (pool of one, 1 s to get a connection)
// answers 503 "Le serveur est occupé" when starved, having claimed nothing.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSuite, type Instance, type Suite } from './support/instances'
import { postOrder } from './support/silo-client'
import { signIn } from '../support/silo'
import { FARMER, orderForToday } from '../support/orders'
import { holdLock, storedOrders, waitForLockWait, waitForTableLockWait } from './support/suite-db'

describe('one Idempotency-Key on two instances, one of them starved of connections', () => {
  let suite: Suite
  let A: Instance, B: Instance, C: Instance
  let cookie: string
  const label = `idem-${randomUUID().slice(0, 8)}`

  beforeAll(async () => {
    suite = await startSuite([
      { name: 'A', env: { DATABASE_POOL_SIZE: '1', DATABASE_CONNECT_TIMEOUT_MS: '20000' } },
      { name: 'B' },
      { name: 'C', env: { DATABASE_POOL_SIZE: '1', DATABASE_CONNECT_TIMEOUT_MS: '1000' } },
    ])
    ;[A, B, C] = suite.instances as [Instance, Instance, Instance]
    cookie = await signIn(B.base)
    // A claim of A's is more than 30 s old in B's eyes (the old "stale" retake).
    await B.setClockOffset(31)
  }, 180_000)
  afterAll(async () => suite?.close(), 60_000)

  /** A request of `instance` that holds its only connection: it waits on the deliveries' lock. */
  const busyRead = (instance: Instance) =>
    fetch(`${instance.base}/web/v1/tiers/${FARMER}/livraisons`, { headers: { cookie } })
  const stored = async (comment: string) => (await storedOrders(suite.admin, comment)).get(comment) ?? []

  it('A claims the key then waits for its pool, B retakes it: one order, one number, replayed everywhere', async () => {
    const comment = `${label} pool`
    const key = randomUUID()
    // A's write of the key waits on the test's lock (holding A's only connection); a read of A's
    // then queues for that connection; once the key is written the read takes the connection and
    // waits on the deliveries' lock, so A's next step waits for its pool, the key claimed. (The
    // key's row goes with the order's other writes and the commit, in one query: db/batched-reads.ts.)
    const keys = await holdLock(suite.admin, 'idempotency_keys', 'share')
    const deliveries = await holdLock(suite.admin, 'livraisons', 'access exclusive')
    try {
      const onA = postOrder(A.base, cookie, orderForToday(comment), key)
      await waitForTableLockWait(suite.admin, 'idempotency_keys')
      const held = busyRead(A)
      // Let the read reach A and queue for its pool (not a measure: there is nothing to observe).
      await new Promise((r) => setTimeout(r, 300))
      await keys.release()
      await waitForLockWait(suite.admin, '%livraisons%')
      // The outbox's retry, on B, which sees A's claim as more than 30 s old.
      const onB = await postOrder(B.base, cookie, orderForToday(comment), key)
      expect(onB.status).toBe(201)
      await deliveries.release()
      const fromA = await onA
      expect(fromA.status).toBe(201)
      expect(fromA.body.numero).toBe(onB.body.numero)
      expect((await held).status).toBe(200)
      expect(await stored(comment)).toEqual([onB.body.numero])
      for (const instance of [A, B, C]) {
        const replay = await postOrder(instance.base, cookie, orderForToday(comment), key)
        expect(replay).toMatchObject({ status: 201, replayed: true, body: { numero: onB.body.numero } })
      }
    } finally {
      await keys.release()
      await deliveries.release()
    }
  }, 120_000)

  it('A holds the claim and stalls inside its transaction: B answers 409 at once, then replays A’s number', async () => {
    const comment = `${label} claim`
    const key = randomUUID()
    // Writes to the orders' table wait: A's transaction stops at its insert, the key claimed.
    const lock = await holdLock(suite.admin, 'commandes', 'share')
    try {
      const onA = postOrder(A.base, cookie, orderForToday(comment), key)
      await waitForTableLockWait(suite.admin, 'commandes')
      const onB = await postOrder(B.base, cookie, orderForToday(comment), key)
      expect(onB).toMatchObject({ status: 409, body: { code: 'IDEMPOTENCE_EN_COURS' } })
      await lock.release()
      const fromA = await onA
      expect(fromA).toMatchObject({ status: 201, replayed: false, body: { numero: expect.any(String) } })
      const replay = await postOrder(B.base, cookie, orderForToday(comment), key)
      expect(replay).toMatchObject({ status: 201, replayed: true, body: { numero: fromA.body.numero } })
      expect(await stored(comment)).toEqual([fromA.body.numero])
    } finally {
      await lock.release()
    }
  }, 120_000)

  it('no connection within DATABASE_CONNECT_TIMEOUT_MS: 503 SERVEUR_OCCUPE with Retry-After, nothing claimed', async () => {
    const comment = `${label} busy`
    const key = randomUUID()
    const lock = await holdLock(suite.admin, 'livraisons', 'access exclusive')
    const held = busyRead(C)
    try {
      await waitForLockWait(suite.admin, '%livraisons%')
      const busy = await postOrder(C.base, cookie, orderForToday(comment), key)
      expect(busy).toMatchObject({
        status: 503,
        body: { code: 'SERVEUR_OCCUPE', message: 'Le serveur est occupé : veuillez réessayer dans quelques instants.' },
      })
      expect(Number(busy.retryAfter)).toBeGreaterThan(0)
      const claims = await suite.admin.query('select 1 from idempotency_keys where key = $1', [key])
      expect(claims.rowCount).toBe(0)
    } finally {
      await lock.release()
    }
    expect((await held).status).toBe(200)
    const retried = await postOrder(C.base, cookie, orderForToday(comment), key)
    expect(retried).toMatchObject({ status: 201, replayed: false })
    expect(await stored(comment)).toEqual([retried.body.numero])
    for (const instance of suite.instances) expect(instance.alive()).toBe(true)
  }, 120_000)
})
