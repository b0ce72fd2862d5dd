// Issue 25, item 1, the server's part: an opaque owner tag beside the session cookie (the app
// paints only from the copy kept under it) and a seal key given to the signed-in user only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OWNER_COOKIE } from '../../src/contract/session'
import { backends, type OpenedTestDb } from './support/databases'
import { buildTestApp, get, send, signIn } from './support/app'

const ownerCookie = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith(`${OWNER_COOKIE}=`))
const tagOf = (cookie: string | undefined) => cookie?.split(';')[0]!.slice(OWNER_COOKIE.length + 1)

describe.each(backends)('whose device, on $name', (backend) => {
  let opened: OpenedTestDb
  let t: ReturnType<typeof buildTestApp>

  beforeAll(async () => {
    opened = await backend.open()
    t = buildTestApp(opened.db)
  })
  afterAll(async () => opened?.close())

  async function login(username: string) {
    const res = await t.app.request('/security/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'http://localhost', Host: 'localhost' },
      body: JSON.stringify({ username, password: 'demo' }),
    })
    expect(res.status).toBe(200)
    return res
  }

  it('a sign-in sets the owner tag beside the session, readable by the app, naming nobody', async () => {
    const res = await login('100001')
    const cookie = ownerCookie(res)!
    expect(cookie).toBeDefined()
    expect(cookie).not.toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/Expires=/)
    expect(tagOf(cookie)).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(cookie).not.toContain('100001')
  })

  it('the tag and the seal key are the same at every sign-in of a user and differ between users', async () => {
    const a1 = await login('100001')
    const a2 = await login('100001')
    const b = await login('100002')
    expect(tagOf(ownerCookie(a1))).toBe(tagOf(ownerCookie(a2)))
    expect(tagOf(ownerCookie(a1))).not.toBe(tagOf(ownerCookie(b)))
    const keyOf = async (cookie: string) =>
      ((await (await get(t.app, '/web/user/me', cookie)).json()) as { cleScellement: string }).cleScellement
    const ka = await keyOf(await signIn(t.app, '100001'))
    expect(ka).toMatch(/^[A-Za-z0-9_-]{43}$/) // 256 bits
    expect(await keyOf(await signIn(t.app, '100001'))).toBe(ka)
    expect(await keyOf(await signIn(t.app, '100002'))).not.toBe(ka)
  })

  it('no seal key without a session', async () => {
    expect((await get(t.app, '/web/user/me')).status).toBe(401)
  })

  it('the logout clears the tag with the session', async () => {
    const cookie = await signIn(t.app, '100001')
    const out = await send(t.app, 'POST', '/security/logout', {}, cookie)
    expect(ownerCookie(out)).toMatch(new RegExp(`^${OWNER_COOKIE}=;`))
  })

  it('a session without the tag (opened before it existed) gets it from GET /web/user/me', async () => {
    const cookie = await signIn(t.app, '100001')
    const me = await get(t.app, '/web/user/me', cookie)
    expect(tagOf(ownerCookie(me))).toMatch(/^[A-Za-z0-9_-]{22}$/)
    const again = await get(t.app, '/web/user/me', `${cookie}; ${OWNER_COOKIE}=${tagOf(ownerCookie(me))}`)
    expect(ownerCookie(again)).toBeUndefined()
  })
})
