// The built app served precompressed: brotli or gzip by Accept-Encoding (Vary says so), the file
// itself otherwise; compress() never compresses again what already has its encoding.
import { createHash } from 'node:crypto'
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { Hono } from 'hono'
import { compress } from 'hono/compress'
import type { AppDeps, AppEnv } from '../../src/server/http/env'
import { fixedClock } from '../../src/server/clock'
import { mountStatic } from '../../src/server/http/static'
import { acceptedEncodings } from '../../src/server/http/precompressed'
import { BOOT_SCRIPT_HASH } from '../../src/server/http/boot-script'
import type { SessionUser } from '../../src/server/http/env'
import { ROLE } from '../../src/domain/roles'

const farmer: SessionUser = {
  username: '100001',
  displayName: '100001',
  roles: [ROLE.LECTURE_PERSONNELLE, ROLE.ECRITURE_PERSONNELLE],
  email: null,
  actingFor: null,
  loginAt: new Date(),
  sessionId: 's',
}
const dist = mkdtempSync(join(process.cwd(), '.static-test-'))
const js = `export const x = ${JSON.stringify('silo '.repeat(400))}\n`
const html = `<!doctype html><title>Silo</title><p>${'coopérative '.repeat(200)}</p>`
mkdirSync(join(dist, 'assets'))
for (const [path, text] of [
  ['assets/app-1.js', js],
  ['index.html', html],
] as const) {
  writeFileSync(join(dist, path), text)
  writeFileSync(join(dist, `${path}.br`), brotliCompressSync(text))
  writeFileSync(join(dist, `${path}.gz`), gzipSync(text))
}
writeFileSync(join(dist, 'assets/plain-1.css'), 'body{color:red}')

const app = new Hono<AppEnv>()
app.use('*', compress())
// A Cookie header stands for a signed-in farmer here (the real app's loadSession reads the session).
// No database in this test: the customer's typeTiers cannot be read, and the preload goes without it.
const deps = { clock: fixedClock('2026-11-25T10:00:00Z'), db: null } as unknown as AppDeps
app.use('*', async (c, next) => {
  c.set('deps', deps)
  c.set('user', c.req.header('cookie') ? farmer : null)
  await next()
})
app.get('/web/v1/ping', (c) => c.json({ ok: 'pong '.repeat(500) }))
mountStatic(app, dist)
afterAll(() => rmSync(dist, { recursive: true, force: true }))

const get = (path: string, acceptEncoding?: string, cookie?: string) =>
  app.request(path, {
    headers: {
      ...(acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {}),
      ...(cookie ? { Cookie: cookie } : {}),
    },
  })

describe('precompressed static files', () => {
  it('sends brotli to a browser that takes it, with its type, length and Vary', async () => {
    const res = await get('/assets/app-1.js', 'gzip, deflate, br, zstd')
    expect(res.headers.get('content-encoding')).toBe('br')
    expect(res.headers.get('vary')).toBe('Accept-Encoding')
    expect(res.headers.get('content-type')).toMatch(/javascript/)
    expect(res.headers.get('cache-control')).toContain('immutable')
    const body = Buffer.from(await res.arrayBuffer())
    expect(res.headers.get('content-length')).toBe(String(body.length))
    expect(brotliDecompressSync(body).toString()).toBe(js)
  })

  it('sends gzip when brotli is not accepted, and the file itself when nothing is', async () => {
    const gz = await get('/assets/app-1.js', 'gzip, br;q=0')
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(js)
    const plain = await get('/assets/app-1.js')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toBe(js)
  })

  it('serves the app shell of a deep link precompressed, revalidated at each load', async () => {
    const res = await get('/catalog/lots', 'br')
    expect(res.headers.get('content-encoding')).toBe('br')
    expect(res.headers.get('cache-control')).toBe('private, no-cache')
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(html)
  })

  it('keeps a signed-in page out of every cache (no-store) and keys the shell by cookie (Vary: Cookie)', async () => {
    for (const [path, encoding] of [
      ['/', 'br'],
      ['/', undefined],
      ['/catalog/lots', 'gzip'],
      ['/catalog/lots', undefined],
    ] as const) {
      const signedIn = await get(path, encoding, 'silo_session=x')
      expect(signedIn.status).toBe(200)
      expect(signedIn.headers.get('link'), path).toMatch(/rel=preload/)
      // Nothing of a signed-in page stays in the HTTP cache of a shared device (issue 42).
      expect(signedIn.headers.get('cache-control'), path).toBe('no-store')
      const vary = (signedIn.headers.get('vary') ?? '').split(/,\s*/)
      expect(vary, path).toContain('Cookie')
      if (encoding) expect(vary, path).toContain('Accept-Encoding')
      const anonymous = await get(path, encoding)
      expect(anonymous.headers.get('link')).toBeNull()
      expect(anonymous.headers.get('cache-control'), path).toBe('private, no-cache')
      expect(anonymous.headers.get('vary') ?? '').toContain('Cookie')
    }
    // The files themselves are the same for everyone.
    expect((await get('/index.html', 'br', 'silo_session=x')).headers.get('cache-control')).toBe('no-cache')
  })

  it('sends a browser opening Silo without any session to the sign-in page, the way back kept', async () => {
    const navigate = (path: string, cookie?: string) =>
      app.request(path, { headers: { 'Sec-Fetch-Mode': 'navigate', ...(cookie ? { Cookie: cookie } : {}) } })
    for (const [path, back] of [
      ['/', '%2F'],
      ['/catalog/order_history?adresse=2', '%2Fcatalog%2Forder_history%3Fadresse%3D2'],
    ] as const) {
      const res = await navigate(path)
      expect(res.status, path).toBe(302)
      expect(res.headers.get('location'), path).toBe(`/login?redirectFrom=${back}`)
    }
    // A session cookie, even of an idle session, is the app's to refresh; other screens and
    // requests that are not a navigation get the shell as before.
    expect((await navigate('/', 'silo_session=idle')).status).toBe(200)
    expect((await navigate('/catalog/lots')).status).toBe(200)
    expect((await get('/')).status).toBe(200)
  })

  it('leaves files without a compressed copy and API replies to the usual path', async () => {
    const css = await get('/assets/plain-1.css', 'br')
    expect(css.headers.get('content-encoding')).toBeNull()
    expect(await css.text()).toBe('body{color:red}')
    const api = await get('/web/v1/ping', 'br, gzip')
    expect(api.headers.get('content-encoding')).toBe('gzip')
    expect((await get('/assets/missing-1.js', 'br')).status).toBe(404)
    expect((await get('/%2e%2e/package.json', 'br')).headers.get('content-encoding')).toBeNull()
  })

  it('reads Accept-Encoding with its weights', () => {
    expect(acceptedEncodings('gzip, deflate, br')).toEqual(['br', 'gzip'])
    expect(acceptedEncodings('br;q=0, gzip;q=0.5')).toEqual(['gzip'])
    expect(acceptedEncodings(undefined)).toEqual([])
  })
})

describe("index.html's inline script", () => {
  it('is the one the Content-Security-Policy allows by its hash', () => {
    const scripts = [...readFileSync('index.html', 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!)
    expect(scripts).toHaveLength(1)
    expect(BOOT_SCRIPT_HASH).toBe(`'sha256-${createHash('sha256').update(scripts[0]!).digest('base64')}'`)
  })
})
