// The server-rendered page as served (issue 50): the same bytes for every response, compressed
// once, in the encoding the client takes; its inline script and style allowed by their hashes in
// its own response's policy, in place of the nonce and the shell's hashes it does not use.
import { createHash } from 'node:crypto'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { Hono } from 'hono'
import { secureHeaders, NONCE } from 'hono/secure-headers'
import { describe, expect, it } from 'vitest'
import type { AppEnv } from '../../src/server/http/env'
import { inlineSources, respondWithPage, servedPage, withPageSources } from '../../src/server/http/served-page'

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`
const html =
  '<!doctype html><html><head><style>.a{color:red}</style></head><body><main class="a">Historique</main>' +
  '<script type="application/json" id="d">{"x":1}</script><script src="/x.js"></script><script>go()</script></body></html>'

describe('inlineSources', () => {
  it('hashes the inline scripts and styles, not the data blocks nor the scripts from a file', () => {
    expect(inlineSources(html)).toEqual({ scripts: [sha256('go()')], styles: [sha256('.a{color:red}')] })
  })
})

describe('a served page', () => {
  const app = new Hono<AppEnv>()
  app.use('*', withPageSources)
  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'sha256-boot'", NONCE],
        styleSrc: ["'self'", NONCE, "'sha256-shell'"],
      },
    }),
  )
  const page = servedPage(html, { kept: true })
  app.get('/page', async (c) => respondWithPage(c, await page, { 'Cache-Control': 'no-store', Vary: 'Cookie' }))
  app.get('/other', (c) => c.text('autre'))

  it('is the same bytes in each encoding the client takes', async () => {
    const br = await app.request('/page', { headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' } })
    expect(br.headers.get('Content-Encoding')).toBe('br')
    expect(br.headers.get('Vary')).toBe('Cookie, Accept-Encoding')
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(html)
    const gz = await app.request('/page', { headers: { 'Accept-Encoding': 'gzip' } })
    expect(gz.headers.get('Content-Encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(html)
    const plain = await app.request('/page', { headers: { 'Accept-Encoding': 'identity' } })
    expect(plain.headers.get('Content-Encoding')).toBeNull()
    expect(await plain.text()).toBe(html)
  })

  it('has a policy that allows its own inline elements, and no nonce', async () => {
    const res = await app.request('/page')
    const policy = res.headers.get('Content-Security-Policy')!
    expect(policy).toContain(`script-src 'self' ${sha256('go()')};`)
    expect(policy).toContain(`style-src 'self' ${sha256('.a{color:red}')}`)
    expect(policy).not.toContain('nonce')
    expect(policy).not.toContain('boot')
    // Any other response keeps the policy it had.
    const other = (await app.request('/other')).headers.get('Content-Security-Policy')!
    expect(other).toMatch(/script-src 'self' 'sha256-boot' 'nonce-[^']+'/)
  })
})
