// http/idempotency.ts on its own: the claim lives and dies with the work's transaction (nothing
// to free after a failure), a claim left "in_flight" by an earlier Silo, keys past 30 days pruned.
// Orders through HTTP: orders.test.ts; several instances: instances-idempotency.test.ts.
import { createHash, randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { idempotencyKeys } from '../../src/server/db/schema'
import { idempotent } from '../../src/server/http/idempotency'
import { backends, type OpenedTestDb } from './support/databases'

const NOW = new Date('2026-11-23T08:30:00Z')
const body = { a: 1 }
const scope = 'test'
const options = (key: string, now = NOW) => ({ username: 'u1', key, scope, body, now })
/** The hash idempotency.ts keeps for `body` in `scope`. */
const hash = createHash('sha256').update(`${scope}\n{"a":1}`).digest('hex')

describe.each(backends)('idempotency keys on $name', (backend) => {
  let opened: OpenedTestDb
  const keyRow = async (key: string) =>
    (
      await opened.db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.username, 'u1'), eq(idempotencyKeys.key, key)))
    )[0]

  beforeAll(async () => {
    opened = await backend.open({ seed: false })
  })
  afterAll(async () => opened?.close())

  it('a failed run leaves no key behind: the next try runs, then replays', async () => {
    const key = `k-${randomUUID()}`
    const failing = idempotent(opened.db, options(key), async () => {
      throw new Error('boom')
    })
    await expect(failing).rejects.toThrow('boom')
    expect(await keyRow(key)).toBeUndefined()
    let runs = 0
    const run = async () => ({ status: 201, body: { n: ++runs } })
    expect(await idempotent(opened.db, options(key), run)).toEqual({ status: 201, body: { n: 1 }, replayed: false })
    expect(await idempotent(opened.db, options(key), run)).toEqual({ status: 201, body: { n: 1 }, replayed: true })
    expect(runs).toBe(1)
    expect(await keyRow(key)).toMatchObject({ state: 'done', responseStatus: 201 })
  })

  it('an "in_flight" claim of an earlier Silo: 409 while recent, run again once stale', async () => {
    const key = `k-${randomUUID()}`
    await opened.db.insert(idempotencyKeys).values({
      username: 'u1',
      key,
      requestHash: hash,
      state: 'in_flight',
      createdAt: new Date(NOW.getTime() - 5_000),
    })
    const run = async () => ({ status: 201, body: { ok: true } })
    await expect(idempotent(opened.db, options(key), run)).rejects.toMatchObject({
      status: 409,
      code: 'IDEMPOTENCE_EN_COURS',
    })
    const later = new Date(NOW.getTime() + 60_000)
    expect(await idempotent(opened.db, options(key, later), run)).toMatchObject({ status: 201, replayed: false })
    expect(await keyRow(key)).toMatchObject({ state: 'done', responseBody: { ok: true } })
  })

  it('keys older than 30 days go as new ones are stored', async () => {
    const old = `k-${randomUUID()}`
    await opened.db.insert(idempotencyKeys).values({
      username: 'u1',
      key: old,
      requestHash: hash,
      state: 'done',
      responseStatus: 201,
      responseBody: {},
      createdAt: new Date(NOW.getTime() - 31 * 86_400_000),
    })
    await idempotent(opened.db, options(`k-${randomUUID()}`), async () => ({ status: 201, body: {} }))
    expect(await keyRow(old)).toBeUndefined()
  })
})
