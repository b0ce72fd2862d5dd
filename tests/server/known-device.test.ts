// Known devices (README "Sessions and sign-in", auth/known-device.ts): a browser that signed in
// successfully as an account carries a device cookie; its later tries for that account meet the
// device's own counters, so an attacker spending the account's ceiling from many addresses does
// not lock the owner out. Addresses come from X-Forwarded-For behind one trusted proxy.
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends, type OpenedTestDb } from './support/databases'
import { buildTestApp, pastTheGate, TEST_NOW } from './support/app'

type App = ReturnType<typeof buildTestApp>['app']
const PROXY = '10.9.9.9'

function login(app: App, username: string, password: string, address: string, device?: string) {
  return pastTheGate(() =>
    app.request(
      '/security/login',
      {
        method: 'POST',
        headers: {
          Host: 'localhost',
          Origin: 'http://localhost',
          'Content-Type': 'application/json',
          'X-Forwarded-For': address,
          ...(device ? { Cookie: device } : {}),
        },
        body: JSON.stringify({ username, password }),
      },
      { incoming: { socket: { remoteAddress: PROXY } } },
    ),
  )
}

/** The device cookie a response sets (`silo_appareil=…`), with its attributes. */
const deviceCookieLine = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith('silo_appareil='))
const deviceCookie = (res: Response) => deviceCookieLine(res)?.split(';')[0]

const statuses = (responses: Response[]) => {
  const count: Record<number, number> = {}
  for (const r of responses) count[r.status] = (count[r.status] ?? 0) + 1
  return count
}

describe.each(backends)('known devices on $name', (backend) => {
  let opened: OpenedTestDb
  let t: ReturnType<typeof buildTestApp>

  beforeAll(async () => {
    opened = await backend.open()
    t = buildTestApp(opened.db, { TRUSTED_PROXIES: '1' })
  })
  afterAll(async () => opened?.close())

  it('a successful sign-in sets a year-long HttpOnly device cookie for /security/, kept when it comes back', async () => {
    const first = await login(t.app, '100002', 'demo', '203.0.113.1')
    expect(first.status).toBe(200)
    const line = deviceCookieLine(first)!
    expect(line).toMatch(/^silo_appareil=[\w-]{43};/)
    expect(line).toMatch(/; HttpOnly/)
    expect(line).toMatch(/; SameSite=Lax/)
    expect(line).toMatch(/; Path=\/security\//)
    expect(line).not.toMatch(/; Secure/)
    const expires = new Date(/Expires=([^;]+)/.exec(line)![1]!).getTime()
    expect(expires - new Date(`${TEST_NOW}Z`).getTime()).toBeGreaterThan(360 * 24 * 3600 * 1000)
    // The session cookie still comes first (clients reading one line find it).
    expect(first.headers.get('set-cookie')).toMatch(/^silo_session=/)
    const again = await login(t.app, '100002', 'demo', '203.0.113.1', deviceCookie(first))
    expect(deviceCookie(again)).toBe(deviceCookie(first))
    // A wrong password sets no device cookie.
    expect(deviceCookieLine(await login(t.app, '100002', 'faux', '203.0.113.1'))).toBeUndefined()
    const https = buildTestApp(opened.db, { TRUSTED_PROXIES: '1', PUBLIC_URL: 'https://silo.example' })
    expect(deviceCookieLine(await login(https.app, '100002', 'demo', '203.0.113.1'))).toMatch(/; Secure/)
  })

  it('55 tries from 55 addresses lock out neither the owner’s known browser nor, later, the owner', async () => {
    const owner = deviceCookie(await login(t.app, '100001', 'demo', '203.0.113.10'))!
    const foreign = deviceCookie(await login(t.app, '100002', 'demo', '203.0.113.10'))!
    expect(owner).toBeTruthy()
    const attack = await Promise.all(
      Array.from({ length: 55 }, (_, i) => login(t.app, '100001', 'faux', `198.18.${i}.1`)),
    )
    expect(statuses(attack)[401]).toBeLessThanOrEqual(50)
    // The attack goes on, three tries at a time: the owner, from their known browser, gets in each time.
    for (let round = 0; round < 3; round++) {
      const more = await Promise.all([1, 2, 3].map((k) => login(t.app, '100001', 'faux', `198.19.${round}.${k}`)))
      expect(statuses(more)[429]).toBe(3)
      expect((await login(t.app, '100001', 'demo', '203.0.113.10', owner)).status).toBe(200)
    }
    // No cookie, a made-up one, another account's: the account's ceiling applies.
    const made = `silo_appareil=${randomBytes(32).toString('base64url')}`
    for (const cookie of [undefined, made, foreign, 'silo_appareil=x'])
      expect((await login(t.app, '100001', 'demo', '203.0.113.10', cookie)).status, String(cookie)).toBe(429)
  })

  it('wrong passwords from a known browser meet the device’s own limit, even in a burst of 100', async () => {
    const device = deviceCookie(await login(t.app, 'conseiller', 'demo', '203.0.113.20'))!
    const burst = await Promise.all(
      Array.from({ length: 100 }, () => login(t.app, 'conseiller', 'faux', '203.0.113.20', device)),
    )
    const count = statuses(burst)
    expect(count[401]).toBeLessThanOrEqual(5)
    expect((count[401] ?? 0) + (count[429] ?? 0)).toBe(100)
    const right = await login(t.app, 'conseiller', 'demo', '203.0.113.20', device)
    expect(right.status).toBe(429)
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0)
    // Those tries were the device's: the same address without the cookie is not slowed.
    expect((await login(t.app, 'conseiller', 'demo', '203.0.113.20')).status).toBe(200)
  })

  it('one account signing in again and again from one address stops after 100 sign-ins', async () => {
    // Four at a time, as a script would: fewer than the 5 failures the pair's other counter allows in flight.
    const run: Response[] = []
    await Promise.all(
      [0, 1, 2, 3].map(async () => {
        for (let i = 0; i < 26; i++) run.push(await login(t.app, '100003', 'demo', '203.0.113.30'))
      }),
    )
    const count = statuses(run)
    expect(count[200]).toBe(100)
    expect(count[429]).toBe(4)
    // Another address of the same account, and another account at that address, are not slowed.
    expect((await login(t.app, '100003', 'demo', '203.0.113.31')).status).toBe(200)
    expect((await login(t.app, '100002', 'demo', '203.0.113.30')).status).toBe(200)
    // 106 password checks: about 15 s on a quiet 2-core machine, past 30 s beside three other test
    // files on a loaded one (seen in CI on 2026-11-27); what is checked is the count, not the speed.
  }, 120_000)
})
