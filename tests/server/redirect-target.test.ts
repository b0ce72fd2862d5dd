// Where a sign-in sends the browser afterwards (issue 42): one rule (src/contract/redirect-target.ts)
// for the form, the JSON sign-in, the OpenID Connect callback and the sign-in page's links. Only a
// path of this site; `/.//evil.example` once became `Location: //evil.example`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { redirectTarget } from '../../src/contract/redirect-target'
import { backends, type OpenedTestDb } from './support/databases'
import { buildTestApp, get } from './support/app'

const ELSEWHERE = [
  '/.//evil.example',
  '/\\evil.example',
  '%2F%2Fevil.example',
  '/%2F%2Fevil.example',
  '/%2e/%2fevil.example',
  '/./\\evil.example',
  'https://evil.example',
  'https://evil.example/',
  '//evil.example',
  '///evil.example',
  '/\t/evil.example',
  'http:evil.example',
  'javascript:alert(1)',
  '/a//evil.example',
  '/security/logout',
  '/%73ecurity/logout',
  '/x/../security/login',
  '',
]

describe('redirectTarget', () => {
  it('sends anywhere but a path of this site to /', () => {
    for (const target of ELSEWHERE) expect(redirectTarget(target), JSON.stringify(target)).toBe('/')
    for (const target of [undefined, null, 42, ['/catalog/lots']]) expect(redirectTarget(target)).toBe('/')
  })

  it('keeps this site’s paths with their query and fragment, resolved', () => {
    expect(redirectTarget('/catalog/lots?x=1#haut')).toBe('/catalog/lots?x=1#haut')
    expect(redirectTarget('/catalog/order_history?adresse=2')).toBe('/catalog/order_history?adresse=2')
    expect(redirectTarget('/catalog/./lots')).toBe('/catalog/lots')
    expect(redirectTarget('/catalog/x/../lots')).toBe('/catalog/lots')
    expect(redirectTarget('/')).toBe('/')
  })
})

describe.each(backends.slice(0, 1))('sign-in redirects on $name', (backend) => {
  let opened: OpenedTestDb
  let t: ReturnType<typeof buildTestApp>
  beforeAll(async () => {
    opened = await backend.open()
    t = buildTestApp(opened.db)
  })
  afterAll(async () => opened?.close())

  /** A form sign-in as a browser without Origin would send it (a plain HTML form, an old browser). */
  const formSignIn = async (body: string) => {
    const res = await t.app.request('/security/login', {
      method: 'POST',
      headers: { Host: 'localhost', 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
    })
    expect(res.status, body).toBe(303)
    return res.headers.get('location')
  }

  it('a form sign-in without Origin lands on / for a target on another site', async () => {
    for (const target of ['/.//evil.example', '/\\evil.example', '%2F%2Fevil.example', 'https://evil.example'])
      expect(
        await formSignIn(
          new URLSearchParams({ username: '100001', password: 'demo', redirectFrom: target }).toString(),
        ),
        target,
      ).toBe('/')
    // Sent as is (not encoded by the form): `%2F%2F` is then read as `//`.
    expect(await formSignIn('username=100001&password=demo&redirectFrom=%2F%2Fevil.example')).toBe('/')
    expect(await formSignIn('username=100001&password=demo&redirectFrom=%2F.%2F%2Fevil.example')).toBe('/')
    expect(await formSignIn('username=100001&password=demo&redirectFrom=%2Fcatalog%2Flots')).toBe('/catalog/lots')
  })

  it('the sign-in page’s form carries the normalized target, never another site', async () => {
    for (const target of ['/.//evil.example', '/\\evil.example']) {
      const page = await (await get(t.app, `/security/login?redirectFrom=${encodeURIComponent(target)}`)).text()
      expect(page, target).toContain('name="redirectFrom" value="/"')
    }
    const page = await (await get(t.app, '/security/login?redirectFrom=%2Fcatalog%2Flots')).text()
    expect(page).toContain('name="redirectFrom" value="/catalog/lots"')
  })
})
