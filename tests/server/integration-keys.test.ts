// API keys with a scope and an end (issue 49, item 5): a read-only key reads the feed and cannot
// post (403), a write-only key posts and cannot read; a key past its end is 401 « clé expirée »;
// keys that open nothing are counted per client address in PostgreSQL, 30 a minute then 429 with
// Retry-After for any key from there, also under a concurrent burst; and a wrong key costs one
// statement.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../src/server/db/client'
import { DEMO } from '../../src/server/seed/demo'
import { createApiKey, listApiKeys } from '../../src/server/services/api-keys'
import { backends, type OpenedTestDb } from './support/databases'
import { withOpenApiCheck } from './support/openapi-check'
import { buildTestApp, get, send, signIn, TEST_NOW } from './support/app'
import { orderLine } from './support/order-line'
import { DateTime } from 'luxon'
import { ZONE } from '../../src/domain/calendar'

const FEED = '/api/integration/v1/commandes?limite=1'
const wrongKey = (i: number) => `silo_${String(i).padStart(43, 'x')}`

describe.each(backends)('API keys’ scope, end and the wrong-key throttle on $name', (backend) => {
  let opened: OpenedTestDb
  let t: ReturnType<typeof buildTestApp>
  let numero: string
  const now = DateTime.fromISO(TEST_NOW, { zone: ZONE })
  let n = 0
  /** A request from `address` (the socket's, TRUSTED_PROXIES being 0). */
  const ask = (app: typeof t.app, key: string, address: string, post?: unknown) =>
    app.request(
      post === undefined ? FEED : `/api/integration/v1/commandes/${numero}/etapes`,
      {
        method: post === undefined ? 'GET' : 'POST',
        headers: {
          Host: 'localhost',
          Authorization: `Bearer ${key}`,
          'Content-Type': 'application/json',
          'Idempotency-Key': `keys-test-${++n}-0001`,
        },
        ...(post === undefined ? {} : { body: JSON.stringify(post) }),
      },
      { incoming: { socket: { remoteAddress: address } } },
    )

  beforeAll(async () => {
    opened = await backend.open()
    t = withOpenApiCheck(buildTestApp(opened.db))
    const farmer = await signIn(t.app, DEMO.eleveur)
    const res = await send(
      t.app,
      'POST',
      `/web/v1/tiers/${DEMO.eleveur}/commandes`,
      { numTiers: DEMO.eleveur, commande: { commentaire: 'Clés', lignes: [orderLine()] } },
      farmer,
      { 'Idempotency-Key': 'keys-order-0001' },
    )
    expect(res.status).toBe(201)
    numero = ((await res.json()) as { numero: string }).numero
  })
  afterAll(async () => opened?.close())

  it('a read-only key reads the feed and gets 403 on posting a step; a write-only key the other way round', async () => {
    const reader = await createApiKey(opened.db, 'Lecteur', { portee: 'lecture' })
    const writer = await createApiKey(opened.db, 'Écrivain', { portee: 'ecriture' })
    const both = await createApiKey(opened.db, 'Les deux')
    expect(both.portee).toBe('lecture-ecriture')
    const from = '192.0.2.10'
    expect((await ask(t.app, reader.key, from)).status).toBe(200)
    const post = await ask(t.app, reader.key, from, { etape: 'VALORISEE' })
    expect(post.status).toBe(403)
    expect(await post.json()).toEqual({
      code: 'CLE_API_PORTEE',
      message:
        'Cette clé d’API est en lecture seule (portée « lecture ») : elle lit le flux des commandes mais n’enregistre ni étapes ni livraisons.',
    })
    const read = await ask(t.app, writer.key, from)
    expect(read.status).toBe(403)
    expect((await read.json()).code).toBe('CLE_API_PORTEE')
    expect((await ask(t.app, writer.key, from, { etape: 'VALORISEE' })).status).toBe(200)
    expect((await ask(t.app, both.key, from)).status).toBe(200)
    expect((await ask(t.app, both.key, from, { etape: 'PREPAREE' })).status).toBe(200)
    // A refused scope is not a wrong key: the address has no failure counted.
    const counted = await opened.db.execute(sql`select key from login_attempts where key = ${'cle-api-ip:' + from}`)
    expect(counted.rows).toEqual([])
    const listed = await listApiKeys(opened.db)
    expect(listed.find((k) => k.nom === 'Lecteur')).toMatchObject({ portee: 'lecture', expireA: null })
  })

  it('a key past its end is 401 « clé expirée »; one whose end is ahead opens', async () => {
    const expired = await createApiKey(opened.db, 'Expirée', { expireA: now.minus({ minutes: 1 }).toJSDate() })
    const ahead = await createApiKey(opened.db, 'Pas encore', { expireA: now.plus({ days: 365 }).toJSDate() })
    const res = await ask(t.app, expired.key, '192.0.2.11')
    expect(res.status).toBe(401)
    const body = await res.json()
    expect(body.code).toBe('CLE_API_EXPIREE')
    expect(body.message).toContain('clé expirée')
    expect(body.message).toBe(
      `Clé d’API refusée : clé expirée le ${now.minus({ minutes: 1 }).toFormat('dd/MM/yyyy à HH:mm')} (heure de Paris). Demandez une nouvelle clé à l’administrateur de Silo.`,
    )
    expect(res.headers.get('www-authenticate')).toContain('invalid_token')
    expect((await ask(t.app, ahead.key, '192.0.2.11')).status).toBe(200)
  })

  it('the 31st wrong key in a minute from one address is 429 with Retry-After, for any key; other addresses go on', async () => {
    const good = await createApiKey(opened.db, 'ERP rafale')
    const from = '198.51.100.31'
    for (let i = 0; i < 30; i++) {
      const res = await ask(t.app, wrongKey(i), from)
      expect(res.status, `essai ${i + 1}`).toBe(401)
    }
    const malformed = await ask(t.app, 'nonsense', from)
    expect(malformed.status).toBe(429)
    const over = await ask(t.app, wrongKey(31), from)
    expect(over.status).toBe(429)
    const retry = Number(over.headers.get('retry-after'))
    expect(Number.isInteger(retry)).toBe(true)
    expect(retry).toBeGreaterThanOrEqual(1)
    expect(retry).toBeLessThanOrEqual(60)
    expect(await over.json()).toEqual({
      code: 'TROP_DE_REQUETES',
      message: `Trop de clés d’API refusées depuis cette adresse (30 par minute) : réessayez dans ${retry} s.`,
    })
    // While it waits, even a good key from there is refused: no key can be tried from it.
    expect((await ask(t.app, good.key, from)).status).toBe(429)
    expect((await ask(t.app, good.key, '198.51.100.32')).status).toBe(200)
    expect((await ask(t.app, wrongKey(99), '198.51.100.32')).status).toBe(401)
  })

  it('a concurrent burst of 40 wrong keys from one address: 30 reach 401 (never more), the rest 429', async () => {
    const from = '203.0.113.40'
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => ask(t.app, wrongKey(1000 + i), from)))
    const statuses = answers.map((r) => r.status)
    // The counter numbers them one by one in PostgreSQL: exactly 30 pass, whatever the interleaving.
    expect(statuses.filter((s) => s === 401)).toHaveLength(30)
    expect(statuses.filter((s) => s === 429)).toHaveLength(10)
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([])
  })

  it('a wrong key costs one statement, no transaction; a good key one too', async () => {
    const calls: string[] = []
    const counted = new Proxy(opened.db, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver) as unknown
        if (typeof value !== 'function') return value
        return (...args: unknown[]) => {
          calls.push(String(prop))
          return (value as (...a: unknown[]) => unknown).apply(target, args)
        }
      },
    }) as Db
    const app = withOpenApiCheck(buildTestApp(counted)).app
    const res = await ask(app, wrongKey(5000), '198.51.100.77')
    expect(res.status).toBe(401)
    expect(calls).toEqual(['execute'])
  })

  it('the OpenAPI document describes 401 expired, 403 scope, 422 refusals and 429 with an integer Retry-After', async () => {
    const doc = (await (await get(t.app, '/api/openapi.json')).json()) as {
      paths: Record<
        string,
        Record<
          string,
          { responses: Record<string, { description: string; headers?: Record<string, { schema: { type: string } }> }> }
        >
      >
    }
    const post = doc.paths['/api/integration/v1/livraisons']!.post!.responses
    expect(post['401']!.description).toContain('clé expirée')
    expect(post['403']!.description).toContain('CLE_API_PORTEE')
    expect(post['422']!.description).toContain('REFERENCE_INCONNUE')
    expect(post['429']!.headers!['Retry-After']!.schema.type).toBe('integer')
    const steps = doc.paths['/api/integration/v1/commandes/{numero}/etapes']!.post!.responses
    expect(steps['422']!.description).toContain('DATE_HORS_PERIODE')
    expect(
      doc.paths['/api/integration/v1/commandes']!.get!.responses['429']!.headers!['Retry-After']!.schema.type,
    ).toBe('integer')
  })
})
