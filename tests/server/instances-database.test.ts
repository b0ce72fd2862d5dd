// Two real instances behind a round-robin proxy on one PostgreSQL (issue 26), orders sent as the
// outbox sends them (each with its Idempotency-Key, again until acknowledged): kill -9 of one
// instance under that load, the instances' database sessions terminated under it, then the
// database unreachable (the relay between the instances and PostgreSQL cut). Nothing acknowledged
// is lost or doubled, the instances stay up, and what the database cannot serve answers 503 in
// French (never 500) until it is back.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSuite, type Instance, type Suite } from './support/instances'
import { postOrder, sendUntilAccepted } from './support/silo-client'
import { signIn } from '../support/silo'
import { FARMER, orderForToday } from '../support/orders'
import { holdLock, storedOrders, terminateBackends, waitForLockWait } from './support/suite-db'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('two instances behind a proxy, the database and the instances failing under load', () => {
  let suite: Suite
  let X: Instance, Y: Instance
  let cookie: string

  beforeAll(async () => {
    suite = await startSuite([{ name: 'X' }, { name: 'Y' }], { relay: true })
    ;[X, Y] = suite.instances as [Instance, Instance]
    cookie = await signIn(suite.proxy.base)
  }, 180_000)
  afterAll(async () => suite?.close(), 60_000)

  /** `count` orders sent by 4 senders through the proxy; `during` runs meanwhile. */
  async function load(label: string, count: number, during: (acknowledged: () => number) => Promise<void>) {
    const numbers = new Map<string, string>()
    const statuses: number[] = []
    let next = 0
    const sender = async () => {
      while (next < count) {
        const comment = `${label} ${next++}`
        numbers.set(
          comment,
          await sendUntilAccepted(suite.proxy.base, cookie, orderForToday(comment), randomUUID(), statuses),
        )
      }
    }
    await Promise.all([...Array.from({ length: 4 }, sender), during(() => numbers.size)])
    return { numbers, statuses }
  }

  /** Every acknowledged order is stored once, with the number it was acknowledged with. */
  async function expectEachStoredOnce(label: string, numbers: Map<string, string>) {
    const stored = await storedOrders(suite.admin, `${label} `)
    expect(stored.size).toBe(numbers.size)
    for (const [comment, numero] of numbers) expect(stored.get(comment)).toEqual([numero])
    expect(new Set(numbers.values()).size).toBe(numbers.size)
  }

  it('kill -9 of one instance under a load of orders: every acknowledged order stored once', async () => {
    const label = `kill-${randomUUID().slice(0, 8)}`
    const { numbers, statuses } = await load(label, 40, async (acknowledged) => {
      for (let i = 0; i < 600 && acknowledged() < 10; i++) await sleep(50)
      await X.kill9()
    })
    expect(numbers.size).toBe(40)
    await expectEachStoredOnce(label, numbers)
    expect(Y.alive()).toBe(true)
    expect(statuses).not.toContain(500)
    // The killed instance starts again on the same database and serves.
    await X.restart()
    const again = await postOrder(X.base, cookie, orderForToday(`${label} after`), randomUUID())
    expect(again.status).toBe(201)
  }, 180_000)

  it('backends terminated while requests run: the instances stay up, 503 (never 500), then orders again', async () => {
    const label = `term-${randomUUID().slice(0, 8)}`
    // One request certainly in the middle of a query when its session ends: it waits on a lock.
    const lock = await holdLock(suite.admin, 'livraisons', 'access exclusive')
    const cut = fetch(`${X.base}/web/v1/tiers/${FARMER}/livraisons`, { headers: { cookie } })
    let terminated = 0
    try {
      await waitForLockWait(suite.admin, '%livraisons%')
      const { numbers, statuses } = await load(label, 30, async () => {
        for (let round = 0; round < 10; round++) {
          terminated += await terminateBackends(suite.admin)
          await sleep(100)
        }
      })
      const during = await cut
      expect(during.status).toBe(503)
      expect(during.headers.get('retry-after')).toBeTruthy()
      expect(await during.json()).toMatchObject({ code: 'BASE_INDISPONIBLE', message: expect.stringMatching(/base/) })
      expect(terminated).toBeGreaterThan(0)
      expect(new Set(statuses.filter((s) => s !== 201 && s !== 503 && s !== 409))).toEqual(new Set())
      expect(numbers.size).toBe(30)
      await expectEachStoredOnce(label, numbers)
    } finally {
      await lock.release()
    }
    for (const instance of [X, Y]) {
      expect(instance.alive()).toBe(true)
      expect(instance.output()).not.toMatch(/"msg":"unhandled"/)
      expect((await fetch(`${instance.base}/public/infos/pret`)).status).toBe(200)
      expect((await postOrder(instance.base, cookie, orderForToday(`${label} after`), randomUUID())).status).toBe(201)
    }
  }, 180_000)

  it('the database unreachable: version up, readiness and every database request 503 in French, then back', async () => {
    const label = `cut-${randomUUID().slice(0, 8)}`
    suite.relay!.cut()
    try {
      for (const instance of [X, Y]) {
        expect((await fetch(`${instance.base}/public/infos/version`, { headers: { cookie } })).status).toBe(200)
        const ready = await fetch(`${instance.base}/public/infos/pret`)
        expect(ready.status).toBe(503)
        expect(await ready.json()).toMatchObject({ base: 'indisponible', message: expect.any(String) })
        const me = await fetch(`${instance.base}/web/user/me`, { headers: { cookie } })
        expect(me.status).toBe(503)
        expect(me.headers.get('retry-after')).toBeTruthy()
        expect(await me.json()).toMatchObject({ code: 'BASE_INDISPONIBLE' })
        const order = await postOrder(instance.base, cookie, orderForToday(`${label} 0`), randomUUID())
        expect(order).toMatchObject({ status: 503, body: { code: 'BASE_INDISPONIBLE' } })
        const signInAnswer = await fetch(`${instance.base}/security/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: instance.base },
          body: JSON.stringify({ username: FARMER, password: 'demo' }),
        })
        expect(signInAnswer.status).toBe(503)
      }
    } finally {
      suite.relay!.restore()
    }
    for (const instance of [X, Y]) {
      expect(instance.alive()).toBe(true)
      expect((await fetch(`${instance.base}/public/infos/pret`)).status).toBe(200)
    }
    const key = randomUUID()
    const numero = await sendUntilAccepted(suite.proxy.base, cookie, orderForToday(`${label} 1`), key)
    expect((await storedOrders(suite.admin, `${label} `)).get(`${label} 1`)).toEqual([numero])
    expect((await storedOrders(suite.admin, `${label} `)).has(`${label} 0`)).toBe(false)
  }, 180_000)
})
