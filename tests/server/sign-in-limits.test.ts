// Sign-in throttling under attack (README "Sessions and sign-in"): tries are counted before the
// password is checked, per account + address with growing waits, per address, and per account
// with a ceiling that only slows. The address is the socket's: app.request() is given one through
// its env, as @hono/node-server does; one test goes through a real listening server. A burst
// meets the process's sign-in gate first (hash-gate.ts: a few places, 503 beyond them): the
// tries refused there are sent again, as a client would after Retry-After, so that every try of
// a burst ends counted and the limits are checked on all of them.
import { serve } from '@hono/node-server'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends, type OpenedTestDb } from './support/databases'
import { buildTestApp, pastTheGate, TEST_NOW } from './support/app'

type App = ReturnType<typeof buildTestApp>['app']
const THROTTLED = /^Trop de tentatives de connexion\. Veuillez réessayer dans \d+ minutes?\.$/

function login(app: App, username: string, password: string, address: string, headers: Record<string, string> = {}) {
  return pastTheGate(() => loginOnce(app, username, password, address, headers))
}

function loginOnce(
  app: App,
  username: string,
  password: string,
  address: string,
  headers: Record<string, string> = {},
) {
  return app.request(
    '/security/login',
    {
      method: 'POST',
      headers: { Host: 'localhost', Origin: 'http://localhost', 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify({ username, password }),
    },
    { incoming: { socket: { remoteAddress: address } } },
  )
}

const statuses = (responses: Response[]) => {
  const count: Record<number, number> = {}
  for (const r of responses) count[r.status] = (count[r.status] ?? 0) + 1
  return count
}

describe.each(backends)('sign-in limits on $name', (backend) => {
  let opened: OpenedTestDb
  let t: ReturnType<typeof buildTestApp>

  beforeAll(async () => {
    opened = await backend.open()
    t = buildTestApp(opened.db)
  })
  afterAll(async () => opened?.close())

  it('a burst of 100 simultaneous wrong passwords checks at most 5; the right one then gets 429', async () => {
    const burst = await Promise.all(Array.from({ length: 100 }, () => login(t.app, 'admin', 'faux', '198.51.100.7')))
    const count = statuses(burst)
    expect(count[401]).toBeLessThanOrEqual(5) // each 401 is one password checked
    expect((count[401] ?? 0) + (count[429] ?? 0)).toBe(100)
    const right = await login(t.app, 'admin', 'demo', '198.51.100.7')
    expect(right.status).toBe(429)
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await right.json()).message).toMatch(THROTTLED)
  })

  it('meanwhile the account’s owner signs in from another address', async () => {
    expect((await login(t.app, 'admin', 'demo', '203.0.113.20')).status).toBe(200)
  })

  it('the waits grow: 1 minute after the 5th wrong password, then 2, and the right password passes once waited', async () => {
    const at = (iso: string) => t.clock.set(iso)
    try {
      for (let i = 0; i < 5; i++) expect((await login(t.app, 'conseiller', 'faux', '198.51.100.8')).status).toBe(401)
      const first = await login(t.app, 'conseiller', 'faux', '198.51.100.8')
      expect(first.status).toBe(429)
      expect(first.headers.get('retry-after')).toBe('60')
      at('2026-11-23T08:31:01')
      expect((await login(t.app, 'conseiller', 'faux', '198.51.100.8')).status).toBe(401)
      const second = await login(t.app, 'conseiller', 'demo', '198.51.100.8')
      expect(second.status).toBe(429)
      expect(second.headers.get('retry-after')).toBe('120')
      expect((await second.json()).message).toBe('Trop de tentatives de connexion. Veuillez réessayer dans 2 minutes.')
      at('2026-11-23T08:33:02')
      expect((await login(t.app, 'conseiller', 'demo', '198.51.100.8')).status).toBe(200)
      // A success clears this account + address: the next typo is not slowed.
      expect((await login(t.app, 'conseiller', 'faux', '198.51.100.8')).status).toBe(401)
    } finally {
      at(TEST_NOW)
    }
  })

  it('a forged X-Forwarded-For is ignored without TRUSTED_PROXIES, and cannot lock its victim out', async () => {
    const rotating = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        login(t.app, '100002', 'faux', '198.51.100.9', { 'X-Forwarded-For': `10.0.${i}.1` }),
      ),
    )
    expect(statuses(rotating)[401]).toBeLessThanOrEqual(5)
    // Spoofing the victim's address: counted against the attacker's own socket.
    for (let i = 0; i < 10; i++)
      await login(t.app, '100002', 'faux', '198.51.100.10', { 'X-Forwarded-For': '203.0.113.50' })
    expect((await login(t.app, '100002', 'demo', '203.0.113.50')).status).toBe(200)
  })

  it('one address spraying many accounts is slowed after 30 tries, whatever the accounts', async () => {
    const spray = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(t.app, `inconnu${i}`, 'faux', '198.51.100.11')),
    )
    const count = statuses(spray)
    expect(count[401]).toBeLessThanOrEqual(30)
    expect(count[429]).toBeGreaterThanOrEqual(10)
    expect((await login(t.app, '100001', 'demo', '198.51.100.11')).status).toBe(429)
    expect((await login(t.app, '100001', 'demo', '198.51.100.12')).status).toBe(200)
  })

  it('tries from many addresses reach the account’s ceiling: it slows to one a minute, never locks for good', async () => {
    try {
      const spread = await Promise.all(
        Array.from({ length: 60 }, (_, i) => login(t.app, '100003', 'faux', `192.0.2.${i + 1}`)),
      )
      const count = statuses(spread)
      expect(count[401]).toBeLessThanOrEqual(50)
      expect(count[429]).toBeGreaterThanOrEqual(10)
      const slowed = await login(t.app, '100003', 'demo', '203.0.113.60')
      expect(slowed.status).toBe(429)
      expect(slowed.headers.get('retry-after')).toBe('60')
      t.clock.set('2026-11-23T08:31:01')
      expect((await login(t.app, '100003', 'demo', '203.0.113.60')).status).toBe(200)
    } finally {
      t.clock.set(TEST_NOW)
    }
  })

  it('an office’s successful sign-ins never meet a limit: one address signs in 36 times in a row', async () => {
    for (let i = 0; i < 36; i++)
      expect((await login(t.app, i % 2 ? '100001' : '100002', 'demo', '127.0.0.1')).status, `try ${i}`).toBe(200)
  })

  it('behind TRUSTED_PROXIES=1 the address the proxy saw is the one counted', async () => {
    const behind = buildTestApp(opened.db, { TRUSTED_PROXIES: '1' })
    const proxy = '10.9.9.9'
    for (let i = 0; i < 6; i++)
      await login(behind.app, '100001', 'faux', proxy, { 'X-Forwarded-For': `6.6.6.6, 198.51.100.30` })
    // The client's own forged first hop does not matter; the proxy's hop does.
    expect(
      (await login(behind.app, '100001', 'demo', proxy, { 'X-Forwarded-For': '1.2.3.4, 198.51.100.30' })).status,
    ).toBe(429)
    expect((await login(behind.app, '100001', 'demo', proxy, { 'X-Forwarded-For': '198.51.100.31' })).status).toBe(200)
  })

  it('through a real listening server, the socket’s address is the one counted', async () => {
    const server = serve({ fetch: t.app.fetch, port: 8300 + Math.floor(Math.random() * 50), hostname: '127.0.0.1' })
    await new Promise<void>((resolve) => server.once('listening', () => resolve()))
    const { port } = server.address() as AddressInfo
    try {
      const post = (password: string, forwarded: string) =>
        pastTheGate(() =>
          fetch(`http://127.0.0.1:${port}/security/login`, {
            method: 'POST',
            headers: {
              Origin: `http://127.0.0.1:${port}`,
              'Content-Type': 'application/json',
              'X-Forwarded-For': forwarded,
            },
            body: JSON.stringify({ username: '100004', password }),
          }),
        )
      const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => post('faux', `10.1.${i}.1`)))
      expect(statuses(burst)[401]).toBeLessThanOrEqual(5)
      expect((await post('demo', '10.2.0.1')).status).toBe(429)
      // Another address (simulated through app.request) is not slowed by the loopback's tries.
      expect((await login(t.app, '100004', 'demo', '203.0.113.70')).status).toBe(200)
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
