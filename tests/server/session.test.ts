// Sessions as the spec and the skeleton issue describe them, on every database backend.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends, type OpenedTestDb } from './support/databases'
import { buildTestApp, get, send, signIn } from './support/app'
import { withOpenApiCheck } from './support/openapi-check'

describe.each(backends)('sessions on $name', (backend) => {
  let opened: OpenedTestDb
  let t: ReturnType<typeof buildTestApp>

  beforeAll(async () => {
    opened = await backend.open()
    t = withOpenApiCheck(buildTestApp(opened.db))
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

  it('a signed-in person opening a sign-in page goes on to the history (issue 43), where they were going else', async () => {
    const cookie = await signIn(t.app, '100001')
    for (const [path, target] of [
      ['/security/login', '/catalog/order_history'],
      ['/security/login?redirectFrom=%2Fcatalog%2Flots', '/catalog/lots'],
      ['/security/login?redirectFrom=%2F%2Fevil.example', '/catalog/order_history'],
    ] as const) {
      const res = await get(t.app, path, cookie)
      expect(res.status, path).toBe(302)
      expect(res.headers.get('location'), path).toBe(target)
      expect(res.headers.get('cache-control'), path).toBe('no-store')
    }
    // Nobody signed in: the page, never kept (Back after a sign-in asks the server again).
    const page = await get(t.app, '/security/login')
    expect(page.status).toBe(200)
    expect(page.headers.get('cache-control')).toBe('no-store')
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
    expect(html).toContain('Erreur d&#39;authentification')
    // Not vague: what to check, under the spec's words.
    expect(html).toContain(
      'ou le mot de passe est incorrect. Vérifiez-les ; mot de passe oublié : suivez « Première connexion ou mot de passe oublié ? ».',
    )
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

  it('a refresh sent without a session cookie clears no cookie: another tab may have signed in since', async () => {
    const res = await send(t.app, 'POST', '/security/refresh', {})
    expect(res.status).toBe(401)
    expect((await res.json()).message).toBe('Session expirée : veuillez vous reconnecter.')
    expect(res.headers.getSetCookie()).toEqual([])
    const dead = await signIn(t.app, '100001')
    expect((await send(t.app, 'POST', '/security/logout', {}, dead)).status).toBe(204)
    // One that carried a dead session clears it.
    const cleared = await send(t.app, 'POST', '/security/refresh', {}, dead)
    expect(cleared.status).toBe(401)
    expect(cleared.headers.getSetCookie().some((c) => c.startsWith('silo_session=;'))).toBe(true)
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
    // Naming that origin in X-Forwarded-Host does not make it ours without TRUSTED_PROXIES.
    const forged = await send(t.app, 'POST', '/security/logout', {}, cookie, {
      Origin: 'https://evil.example',
      'X-Forwarded-Host': 'evil.example',
    })
    expect(forged.status).toBe(403)
  })

  it('malformed JSON and wrong types get 400 with a French reason', async () => {
    const bad = await send(t.app, 'POST', '/security/login', '{"username": ')
    expect(bad.status).toBe(400)
    expect((await bad.json()).message).toMatch(/JSON mal formé/)
    const types = await send(t.app, 'POST', '/security/login', { username: 12, password: [] })
    expect(types.status).toBe(400)
  })

  // The limits themselves (bursts, addresses, growing waits) are in sign-in-limits.test.ts.
  it('5 wrong passwords give 429 with a French message and Retry-After, even with the right one', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await send(t.app, 'POST', '/security/login', { username: '100003', password: 'x' })).status).toBe(401)
    }
    const blocked = await send(t.app, 'POST', '/security/login', { username: '100003', password: 'demo' })
    expect(blocked.status).toBe(429)
    expect(blocked.headers.get('retry-after')).toBe('60')
    expect((await blocked.json()).message).toBe('Trop de tentatives de connexion. Veuillez réessayer dans 1 minute.')
    t.clock.set('2026-11-23T08:31:01')
    expect((await send(t.app, 'POST', '/security/login', { username: '100003', password: 'demo' })).status).toBe(200)
    t.clock.set('2026-11-23T08:30:00')
  })

  it('redirect targets are resolved as a browser would: only this site’s paths, no control characters', async () => {
    const target = async (redirectFrom: string) => {
      const res = await t.app.request('/security/login', {
        method: 'POST',
        headers: { Host: 'localhost', Origin: 'http://localhost', 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username: '100001', password: 'demo', redirectFrom }).toString(),
      })
      expect(res.status, JSON.stringify(redirectFrom)).toBe(303)
      return res.headers.get('location')
    }
    for (const evil of [
      '/\t/evil.example',
      '/\tevil',
      '/\\evil.example',
      '//evil.example',
      'https://evil.example/',
      '/\n/evil.example',
      '/a\r\nSet-Cookie: x=1',
      '/security/logout',
      '/x/../security/login',
    ]) {
      expect(await target(evil)).toBe('/')
    }
    expect(await target('/catalog/lots?x=1#haut')).toBe('/catalog/lots?x=1#haut')
    // The sign-in page does not echo a target with a newline either.
    const page = await (await get(t.app, `/security/login?redirectFrom=${encodeURIComponent('/a\n/evil')}`)).text()
    expect(page).toContain('name="redirectFrom" value="/"')
  })

  it('Secure follows PUBLIC_URL, never the Host header', async () => {
    const behind = buildTestApp(opened.db, { PUBLIC_URL: 'https://silo.example' })
    const res = await behind.app.request('/security/login', {
      method: 'POST',
      headers: { Host: 'localhost', Origin: 'https://silo.example', 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: '100001', password: 'demo' }),
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('set-cookie')).toMatch(/; Secure/)
    // Plain http with a public-looking Host: no Secure (the browser would drop the cookie).
    const plain = await t.app.request('/security/login', {
      method: 'POST',
      headers: {
        Host: 'silo.example',
        Origin: 'http://silo.example',
        'Content-Type': 'application/json',
        'X-Forwarded-Proto': 'https',
      },
      body: JSON.stringify({ username: '100001', password: 'demo' }),
    })
    expect(plain.headers.get('set-cookie')).not.toMatch(/Secure/)
    // A trusted proxy reporting https: Secure.
    const proxied = buildTestApp(opened.db, { TRUSTED_PROXIES: '1' })
    const viaProxy = await proxied.app.request('/security/login', {
      method: 'POST',
      headers: {
        Host: 'localhost',
        Origin: 'http://localhost',
        'Content-Type': 'application/json',
        'X-Forwarded-Proto': 'https',
      },
      body: JSON.stringify({ username: '100001', password: 'demo' }),
    })
    expect(viaProxy.headers.get('set-cookie')).toMatch(/; Secure/)
  })

  it('signing in again revokes the session the browser presented', async () => {
    const first = await signIn(t.app, '100001')
    const again = await send(t.app, 'POST', '/security/login', { username: '100002', password: 'demo' }, first)
    expect(again.status).toBe(200)
    expect((await get(t.app, '/web/user/me', first)).status).toBe(401)
    const second = again.headers.get('set-cookie')!.split(';')[0]!
    expect((await (await get(t.app, '/web/user/me', second)).json()).username).toBe('100002')
  })

  it('a NUL in the account, a broken multipart body or a newline in redirectFrom: 400 or the page, never 500', async () => {
    const nul = await send(t.app, 'POST', '/security/login', { username: '100\u00001', password: 'demo' })
    expect(nul.status).toBe(400)
    expect((await nul.json()).message).toBe("Erreur d'authentification")
    const form = await t.app.request('/security/login', {
      method: 'POST',
      headers: { Host: 'localhost', Origin: 'http://localhost', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'username=100%001&password=demo',
    })
    expect(form.status).toBe(400)
    const multipart = await t.app.request('/security/login', {
      method: 'POST',
      headers: { Host: 'localhost', Origin: 'http://localhost', 'Content-Type': 'multipart/form-data; boundary=xyz' },
      body: '--xyz\r\nContent-Disposition: form-data; name="username"\r\n\r\n100001\r\n--x',
    })
    expect(multipart.status).toBe(400)
    expect(await multipart.text()).toContain('Requête invalide : formulaire de connexion illisible.')
    const newline = await send(t.app, 'POST', '/security/login', {
      username: '100001',
      password: 'demo',
      redirectFrom: '/a\nb',
    })
    expect(newline.status).toBe(200)
    const formNewline = await t.app.request('/security/login', {
      method: 'POST',
      headers: { Host: 'localhost', Origin: 'http://localhost', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'username=100001&password=demo&redirectFrom=%2Fa%0D%0ALocation%3A%20%2F%2Fevil',
    })
    expect(formNewline.status).toBe(303)
    expect(formNewline.headers.get('location')).toBe('/')
  })

  it('an oversize sign-in body gets 413 in French before it is read', async () => {
    const res = await send(t.app, 'POST', '/security/login', { username: '100001', password: 'x'.repeat(20_000) })
    expect(res.status).toBe(413)
    expect((await res.json()).message).toBe('Requête trop volumineuse : 16 Ko au plus.')
    // A body streamed without a length is read up to the limit, and one within it still signs in.
    const streamed = (text: string) =>
      t.app.request('/security/login', {
        method: 'POST',
        headers: { Host: 'localhost', Origin: 'http://localhost', 'Content-Type': 'application/json' },
        body: new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode(text))
            controller.close()
          },
        }),
        duplex: 'half',
      } as RequestInit)
    expect((await streamed(JSON.stringify({ username: '100001', password: 'x'.repeat(20_000) }))).status).toBe(413)
    expect((await streamed(JSON.stringify({ username: '100001', password: 'demo' }))).status).toBe(200)
  })

  it('every response carries a Permissions-Policy that grants nothing Silo does not use', async () => {
    const policy = (await get(t.app, '/security/login')).headers.get('permissions-policy')
    expect(policy).toContain('camera=()')
    expect(policy).toContain('geolocation=()')
    expect(policy).toContain('microphone=()')
  })
})
