// Database faults answer 503 in French, never 500 (issue 26): which errors are the database's
// (http/database-errors.ts), the pool's bounded wait (DATABASE_CONNECT_TIMEOUT_MS), readiness, and
// the public infos answering without the database. Several real instances: instances-*.test.ts.
import { DrizzleQueryError } from 'drizzle-orm/errors'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseFault } from '../../src/server/http/database-errors'
import { backends, type OpenedTestDb } from './support/databases'
import { buildTestApp, get, signIn } from './support/app'

const coded = (code: string, extra: Record<string, unknown> = {}) => Object.assign(new Error(code), { code, ...extra })

describe('which errors are database faults', () => {
  it.each([
    [
      'the pool: no connection within the timeout',
      new Error('timeout exceeded when trying to connect'),
      'SERVEUR_OCCUPE',
    ],
    ['a lock not obtained in time (55P03)', coded('55P03'), 'SERVEUR_OCCUPE'],
    ['a deadlock (40P01)', coded('40P01'), 'SERVEUR_OCCUPE'],
    ['too many connections (53300)', coded('53300'), 'SERVEUR_OCCUPE'],
    ['the session terminated (57P01)', coded('57P01'), 'BASE_INDISPONIBLE'],
    ['the server restarting (57P03)', coded('57P03'), 'BASE_INDISPONIBLE'],
    [
      'a disk full, wrapped by drizzle (53100)',
      new DrizzleQueryError('insert …', [], coded('53100')),
      'BASE_INDISPONIBLE',
    ],
    ['a connection exception (08006)', coded('08006'), 'BASE_INDISPONIBLE'],
    ['the database dropped (3D000)', coded('3D000'), 'BASE_INDISPONIBLE'],
    ['refused', coded('ECONNREFUSED', { syscall: 'connect' }), 'BASE_INDISPONIBLE'],
    ['every address refused', new AggregateError([coded('ECONNREFUSED')]), 'BASE_INDISPONIBLE'],
    ['the Unix socket gone', coded('ENOENT', { syscall: 'connect' }), 'BASE_INDISPONIBLE'],
    ['a connection cut', new Error('Connection terminated unexpectedly'), 'BASE_INDISPONIBLE'],
    [
      'a client cut earlier',
      new Error('Client has encountered a connection error and is not queryable'),
      'BASE_INDISPONIBLE',
    ],
  ])('%s → %s', (_, err, code) => {
    expect(databaseFault(err)?.code).toBe(code)
  })

  it.each([
    ['a unique violation (23505)', coded('23505')],
    ['a missing file', coded('ENOENT', { syscall: 'open' })],
    ['a programming error', new TypeError('x is undefined')],
    ['nothing', undefined],
  ])('%s is not', (_, err) => {
    expect(databaseFault(err)).toBeNull()
  })
})

describe.each(backends)('the app when the database fails, on $name', (backend) => {
  let opened: OpenedTestDb
  let t: ReturnType<typeof buildTestApp>
  let cookie: string
  let closed = false

  beforeAll(async () => {
    // A pool of one connection that waits 300 ms for it (read when the database opens).
    process.env.DATABASE_POOL_SIZE = '1'
    process.env.DATABASE_CONNECT_TIMEOUT_MS = '300'
    try {
      opened = await backend.open()
    } finally {
      delete process.env.DATABASE_POOL_SIZE
      delete process.env.DATABASE_CONNECT_TIMEOUT_MS
    }
    t = buildTestApp(opened.db)
    cookie = await signIn(t.app, '100001')
  })
  afterAll(async () => {
    if (!closed) await opened?.close()
  })

  it('readiness answers 200 while the database answers, and is in the OpenAPI document', async () => {
    const res = await get(t.app, '/public/infos/pret')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ base: 'disponible', memoire: 'normale' })
    const doc = await (await get(t.app, '/api/openapi.json')).json()
    expect(Object.keys(doc.paths['/public/infos/pret'])).toContain('get')
  })

  it('the only connection busy past DATABASE_CONNECT_TIMEOUT_MS: 503 SERVEUR_OCCUPE with Retry-After', async () => {
    let release!: () => void
    const holding = opened.db.transaction(() => new Promise<void>((r) => (release = r)))
    try {
      const res = await get(t.app, '/web/user/me', cookie)
      expect(res.status).toBe(503)
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(await res.json()).toEqual({
        message: 'Le serveur est occupé : veuillez réessayer dans quelques instants.',
        code: 'SERVEUR_OCCUPE',
      })
    } finally {
      release()
      await holding
    }
    expect((await get(t.app, '/web/user/me', cookie)).status).toBe(200)
  })

  it('the database gone: version and portal URL still answer, readiness and the rest 503 BASE_INDISPONIBLE', async () => {
    await opened.close()
    closed = true
    expect((await get(t.app, '/public/infos/version', cookie)).status).toBe(200)
    expect((await get(t.app, '/public/infos/url-portail', cookie)).status).toBe(200)
    const ready = await get(t.app, '/public/infos/pret')
    expect(ready.status).toBe(503)
    expect(await ready.json()).toMatchObject({
      base: 'indisponible',
      message: expect.stringMatching(/base de données/),
    })
    const me = await get(t.app, '/web/user/me', cookie)
    expect(me.status).toBe(503)
    expect(await me.json()).toMatchObject({ code: 'BASE_INDISPONIBLE', message: expect.stringMatching(/indisponible/) })
  })
})
