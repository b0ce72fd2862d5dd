// The member's snapshot for no signal (issue 50): GET /web/v1/tiers/{numTiers}/hors-connexion
// answers what the individual routes answer, with the per-article answers derived from its tables
// by src/domain/hors-connexion; under a version (ETag) read from PostgreSQL that moves with any
// change in it, and 304 when the device already holds it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { DEMO } from '../../src/server/seed/demo'
import { HorsConnexion, horsConnexionPath } from '../../src/contract/hors-connexion'
import { backends, type OpenedTestDb } from './support/databases'
import { buildTestApp, get, send, signIn } from './support/app'

describe.each(backends)('snapshot for no signal on $name', (backend) => {
  let opened: OpenedTestDb
  let t: ReturnType<typeof buildTestApp>
  let farmer: string

  beforeAll(async () => {
    opened = await backend.open()
    t = buildTestApp(opened.db)
    farmer = await signIn(t.app, DEMO.eleveur)
  })
  afterAll(async () => opened?.close())

  const snapshot = async (cookie = farmer, numTiers: string = DEMO.eleveur, headers: Record<string, string> = {}) =>
    t.app.request(horsConnexionPath(numTiers), { headers: { Host: 'localhost', Cookie: cookie, ...headers } })

  it('answers the member’s snapshot in the contract’s shape, with its version as the ETag', async () => {
    const res = await snapshot()
    expect(res.status).toBe(200)
    const body = v.parse(HorsConnexion, await res.json())
    expect(res.headers.get('etag')).toBe(`"${body.version}"`)
    expect(res.headers.get('cache-control')).toBe('private, no-cache')
    expect(body.numTiers).toBe(DEMO.eleveur)
    expect(body.articles.length).toBeGreaterThan(0)
  })

  it('answers 304 to If-None-Match naming its version', async () => {
    const etag = (await snapshot()).headers.get('etag')!
    const res = await snapshot(farmer, DEMO.eleveur, { 'If-None-Match': etag })
    expect(res.status).toBe(304)
    expect(res.headers.get('etag')).toBe(etag)
    expect(await res.text()).toBe('')
  })

  it('refuses another member’s snapshot (403)', async () => {
    const res = await snapshot(farmer, DEMO.volailles)
    expect(res.status).toBe(403)
    expect((await res.json()).message).toBeTruthy()
    expect((await get(t.app, horsConnexionPath(DEMO.eleveur))).status).toBe(401)
    void send
  })
})
