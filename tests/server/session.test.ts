// Sessions as the spec and the skeleton issue describe them, on every database backend.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends, type OpenedTestDb } from './support/databases'
import { buildTestApp, get, send, signIn } from './support/app'

describe.each(backends)('sessions on $name', (backend) => {
  let opened: OpenedTestDb
  let t: ReturnType<typeof buildTestApp>

  beforeAll(async () => {
    opened = await backend.open()
    t = buildTestApp(opened.db)
  })
  afterAll(async () => opened?.close())

  it('the sign-in page is French, labelled, and posts to /security/login', async () => {
    const res = await get(t.app, '/security/login?redirectFrom=/catalog/lots')
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('<html lang="fr">')
    expect(html).toContain('<label for="username">')
    expect(html).toContain('value="/catalog/lots"')
    expect(html).toContain('Se connecter')
  })

  it('a form sign-in sets an HttpOnly SameSite=Lax cookie and redirects to redirectFrom', async () => {
    const res = await t.app.request('/security/login', {
      method: 'POST',
      headers: { Host: 'localhost', Origin: 'http://localhost', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'username=100001&password=demo&redirectFrom=%2Fcatalog%2Flots',
    })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/catalog/lots')
    const cookie = res.headers.get('set-cookie')!
    expect(cookie).toMatch(/^silo_session=[\w-]{43};/)
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/SameSite=Lax/)
  })

  it('a redirect target on another site is not honoured', async () => {
    const res = await t.app.request('/security/login', {
      method: 'POST',
      headers: { Host: 'localhost', Origin: 'http://localhost', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'username=100001&password=demo&redirectFrom=%2F%2Fevil.example',
    })
    expect(res.headers.get('location')).toBe('/')
  })

  it('a wrong password answers Erreur d’authentification (form keeps the account)', async () => {
    const res = await t.app.request('/security/login', {
      method: 'POST',
      headers: { Host: 'localhost', Origin: 'http://localhost', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'username=100002&password=faux',
    })
    expect(res.status).toBe(401)
    const html = await res.text()
    expect(html).toContain("Erreur d&#39;authentification")
    expect(html).toContain('value="100002"')
  })

  it('each sign-in gets a new token; logout revokes it', async () => {
    const a = await signIn(t.app, '100001')
    const b = await signIn(t.app, '100001')
    expect(a).not.toBe(b)
    expect((await get(t.app, '/web/user/me', a)).status).toBe(200)
    expect((await send(t.app, 'POST', '/security/logout', {}, a)).status).toBe(204)
    expect((await get(t.app, '/web/user/me', a)).status).toBe(401)
    expect((await send(t.app, 'POST', '/security/refresh', {}, a)).status).toBe(401)
    expect((await get(t.app, '/web/user/me', b)).status).toBe(200)
  })

  it('after 15 minutes without a request a call gets 401, and one refresh revives the session', async () => {
    const cookie = await signIn(t.app, '100001')
    t.clock.set('2026-11-23T08:50:00')
    expect((await get(t.app, '/web/user/me', cookie)).status).toBe(401)
    const refreshed = await send(t.app, 'POST', '/security/refresh', {}, cookie)
    expect(refreshed.status).toBe(200)
    expect(await refreshed.json()).toMatchObject({ username: '100001' })
    expect((await get(t.app, '/web/user/me', cookie)).status).toBe(200)
    t.clock.set('2026-11-23T08:30:00')
  })

  it('a session idle longer than SESSION_TTL ends for good', async () => {
    const cookie = await signIn(t.app, '100001')
    t.clock.set('2026-12-01T09:00:00') // 8 days later, idle limit 7 days
    expect((await send(t.app, 'POST', '/security/refresh', {}, cookie)).status).toBe(401)
    t.clock.set('2026-11-23T08:30:00')
  })

  it('a session ends at its absolute lifetime even when used every day', async () => {
    const cookie = await signIn(t.app, '100001')
    for (let day = 1; day <= 29; day += 2) {
      t.clock.set(new Date(Date.UTC(2026, 10, 23 + day, 8)).toISOString())
      expect((await send(t.app, 'POST', '/security/refresh', {}, cookie)).status).toBe(200)
    }
    t.clock.set(new Date(Date.UTC(2026, 10, 23 + 31, 8)).toISOString())
    expect((await send(t.app, 'POST', '/security/refresh', {}, cookie)).status).toBe(401)
    t.clock.set('2026-11-23T08:30:00')
  })

  it('writes from another origin are refused', async () => {
    const cookie = await signIn(t.app, '100001')
    const res = await send(t.app, 'POST', '/security/logout', {}, cookie, { Origin: 'https://evil.example' })
    expect(res.status).toBe(403)
    expect((await res.json()).message).toMatch(/ne vient pas de Silo/)
  })

  it('malformed JSON and wrong types get 400 with a French reason', async () => {
    const bad = await send(t.app, 'POST', '/security/login', '{"username": ')
    expect(bad.status).toBe(400)
    expect((await bad.json()).message).toMatch(/JSON mal formé/)
    const types = await send(t.app, 'POST', '/security/login', { username: 12, password: [] })
    expect(types.status).toBe(400)
  })

  it('5 wrong passwords for one account give 429 with a French message, even with the right one', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await send(t.app, 'POST', '/security/login', { username: 'conseiller', password: 'x' })).status).toBe(401)
    }
    const blocked = await send(t.app, 'POST', '/security/login', { username: 'conseiller', password: 'demo' })
    expect(blocked.status).toBe(429)
    expect(blocked.headers.get('retry-after')).toBe('900')
    expect((await blocked.json()).message).toBe('Trop de tentatives de connexion. Veuillez réessayer dans 15 minutes.')
    t.clock.set('2026-11-23T08:46:00')
    expect((await send(t.app, 'POST', '/security/login', { username: 'conseiller', password: 'demo' })).status).toBe(200)
    t.clock.set('2026-11-23T08:30:00')
  })

  it('30 wrong passwords from one address block that address for every account', async () => {
    const fromIp = { 'X-Forwarded-For': '203.0.113.9' }
    for (let i = 0; i < 30; i++) {
      await send(t.app, 'POST', '/security/login', { username: `inconnu${i}`, password: 'x' }, undefined, fromIp)
    }
    expect((await send(t.app, 'POST', '/security/login', { username: '100002', password: 'demo' }, undefined, fromIp)).status).toBe(429)
    expect((await send(t.app, 'POST', '/security/login', { username: '100002', password: 'demo' })).status).toBe(200)
  })
})
