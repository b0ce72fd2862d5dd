// Issue 25, item 2: a sign-out made without network leaves a marker cookie beside the session's;
// the first request that reaches the server with it ends that session before anything else.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../src/server/app'
import { SIGNED_OUT_COOKIE } from '../../src/contract/session'
import { backends, type OpenedTestDb } from './support/databases'
import { buildTestApp, get, send, signIn } from './support/app'
import { silentLogger } from '../../src/server/logger'

const MARKER = `${SIGNED_OUT_COOKIE}=1`
const setCookies = (res: Response) => res.headers.getSetCookie()

describe.each(backends)('a sign-out made offline, on $name', (backend) => {
  let opened: OpenedTestDb
  let t: ReturnType<typeof buildTestApp>

  beforeAll(async () => {
    opened = await backend.open()
    t = buildTestApp(opened.db)
  })
  afterAll(async () => opened?.close())

  it('the logout call revokes the session: its cookie gets 401 afterwards', async () => {
    const cookie = await signIn(t.app, '100001')
    expect((await get(t.app, '/web/user/me', cookie)).status).toBe(200)
    const out = await send(t.app, 'POST', '/security/logout', {}, `${cookie}; ${MARKER}`)
    expect(out.status).toBe(204)
    expect(setCookies(out).some((c) => c.startsWith(`${SIGNED_OUT_COOKIE}=;`))).toBe(true)
    expect((await get(t.app, '/web/user/me', cookie)).status).toBe(401)
  })

  it('any request carrying the marker ends the session first: a read answers 401 and clears both cookies', async () => {
    const cookie = await signIn(t.app, '100001')
    const res = await get(t.app, '/web/user/me', `${cookie}; ${MARKER}`)
    expect(res.status).toBe(401)
    const cleared = setCookies(res)
    expect(cleared.some((c) => c.startsWith(`${SIGNED_OUT_COOKIE}=;`))).toBe(true)
    expect(cleared.some((c) => c.startsWith('silo_session=;'))).toBe(true)
    expect((await get(t.app, '/web/user/me', cookie)).status).toBe(401)
    // Nor can the session be revived.
    expect((await send(t.app, 'POST', '/security/refresh', {}, cookie)).status).toBe(401)
  })

  it('a write carrying the marker is refused and the session is over', async () => {
    const cookie = await signIn(t.app, '100001')
    const res = await send(t.app, 'POST', '/web/v1/tiers/100001/commandes', {}, `${cookie}; ${MARKER}`, {
      'Idempotency-Key': 'signed-out-write-01',
    })
    expect(res.status).toBe(401)
    expect((await get(t.app, '/web/user/me', cookie)).status).toBe(401)
  })

  it('a refresh carrying the marker does not revive the session', async () => {
    const cookie = await signIn(t.app, '100001')
    expect((await send(t.app, 'POST', '/security/refresh', {}, `${cookie}; ${MARKER}`)).status).toBe(401)
    expect((await get(t.app, '/web/user/me', cookie)).status).toBe(401)
  })

  it('signing in with the marker still there ends the old session, keeps the new one and clears the marker', async () => {
    const old = await signIn(t.app, '100001')
    const res = await send(
      t.app,
      'POST',
      '/security/login',
      { username: '100002', password: 'demo' },
      `${old}; ${MARKER}`,
    )
    expect(res.status).toBe(200)
    const cookies = setCookies(res)
    expect(cookies.some((c) => c.startsWith(`${SIGNED_OUT_COOKIE}=;`))).toBe(true)
    const sessions = cookies.filter((c) => c.startsWith('silo_session='))
    expect(sessions).toHaveLength(1)
    const fresh = sessions[0]!.split(';')[0]!
    expect((await get(t.app, '/web/user/me', old)).status).toBe(401)
    const me = await get(t.app, '/web/user/me', fresh)
    expect(me.status).toBe(200)
    expect((await me.json()).username).toBe('100002')
  })

  it('opening Silo with the marker: the app shell announces no read of the old session (first-screen preload)', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'silo-signed-out-'))
    try {
      writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Silo</title>')
      const config = { ...t.config, distDir: dist }
      const app = createApp({ db: opened.db, config, clock: t.clock, logger: silentLogger }, { serveApp: true })
      const cookie = await signIn(t.app, '100001')
      const open = (c: string) => app.request('/', { headers: { Host: 'localhost', Cookie: c } })
      expect((await open(cookie)).headers.get('link')).toContain('/web/user/me')
      const res = await open(`${cookie}; ${MARKER}`)
      expect(res.status).toBe(200)
      expect(res.headers.get('link')).toBeNull()
      expect((await get(t.app, '/web/user/me', cookie)).status).toBe(401)
    } finally {
      rmSync(dist, { recursive: true, force: true })
    }
  })

  it('the marker alone (no session) changes nothing but is cleared', async () => {
    // (Not on /public/infos/*: those answer without the session, nor the database.)
    const res = await get(t.app, '/security/login', MARKER)
    expect(res.status).toBe(200)
    expect(setCookies(res).some((c) => c.startsWith(`${SIGNED_OUT_COOKIE}=;`))).toBe(true)
  })
})
