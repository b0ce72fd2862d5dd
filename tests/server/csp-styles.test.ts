// Styles under the Content-Security-Policy without 'unsafe-inline' (issue 42, docs/csp-styles.md):
// the stylesheets the server inlines carry the response's nonce, or, in the rendered history
// (the same bytes for every response), are allowed by their hash in its own response's policy; the
// built index.html's own <style> is allowed by its hash; nothing else inline is. Checked in Chromium by hand (no
// violation on the sign-in pages, the rendered history and the app's screens); here, the headers
// and the pages that make it so.
import { createHash } from 'node:crypto'
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../src/server/app'
import { fixedClock } from '../../src/server/clock'
import { loadConfig } from '../../src/server/config'
import { silentLogger } from '../../src/server/logger'
import { bootStyleHashes, inlineStyleHashes } from '../../src/server/http/boot-style'
import { backends, type OpenedTestDb } from './support/databases'
import { builtShell } from './support/built-shell'
import { signIn, TEST_NOW } from './support/app'

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`
const BOOT_CSS = '#boot{z-index:45;color:#111}'

const root = mkdtempSync(join(tmpdir(), 'silo-csp-styles-'))
const dist = join(root, 'dist')
mkdirSync(join(dist, 'assets'), { recursive: true })
mkdirSync(`${dist}-ssr`)
// The shell as Vite builds it, its boot <style> minified.
writeFileSync(join(dist, 'index.html'), builtShell().replace(/<style>[\s\S]*?<\/style>/, `<style>${BOOT_CSS}</style>`))
writeFileSync(join(dist, 'assets/index-x.css'), '.a{color:red}')
writeFileSync(
  `${dist}-ssr/server-render.js`,
  `export async function renderFirstScreen() { return { html: '<main>Historique</main>', state: {} } }
export async function renderSignInPage() { return null }
`,
)
afterAll(() => rmSync(root, { recursive: true, force: true }))

const styleSrc = (res: Response) =>
  /(?:^|;\s*)style-src ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')?.[1]?.split(' ') ?? []
const nonceOf = (sources: string[]) => sources.find((s) => s.startsWith("'nonce-"))?.slice(7, -1)

describe('inline <style> hashes', () => {
  it('are the SHA-256 of each element’s text, as the browser computes them', () => {
    expect(inlineStyleHashes('<style>a{b:c}</style><p><style media="print">\n x{} </style>')).toEqual([
      sha256('a{b:c}'),
      sha256('\n x{} '),
    ])
    expect(bootStyleHashes(dist)).toEqual([sha256(BOOT_CSS)])
    expect(bootStyleHashes(join(root, 'none'))).toEqual([])
  })
})

describe.each(backends.slice(0, 1))('style-src on $name', (backend) => {
  let opened: OpenedTestDb
  let app: ReturnType<typeof createApp>
  beforeAll(async () => {
    opened = await backend.open()
    app = createApp({
      db: opened.db,
      config: loadConfig({ NODE_ENV: 'test', DIST_DIR: dist }),
      clock: fixedClock(TEST_NOW),
      logger: silentLogger,
    })
  })
  afterAll(async () => opened?.close())

  it('has no unsafe-inline: its own origin, the response’s nonce and the boot style’s hash', async () => {
    const res = await app.request('/catalog/lots', { headers: { Host: 'localhost' } })
    const sources = styleSrc(res)
    expect(sources).not.toContain("'unsafe-inline'")
    expect(sources).not.toContain("'unsafe-hashes'")
    expect(sources).toEqual(["'self'", `'nonce-${nonceOf(sources)}'`, sha256(BOOT_CSS)])
    expect(await res.text()).toContain(`<style>${BOOT_CSS}</style>`)
  })

  it('the rendered history’s inline stylesheet is allowed by its hash in its own response’s policy, and only it', async () => {
    const cookie = await signIn(app, '100001')
    const res = await app.request('/catalog/order_history', { headers: { Host: 'localhost', Cookie: cookie } })
    const html = await res.text()
    expect(html).toContain('<main>Historique</main>')
    // The shell's <style> held only the skeleton's rules: gone with the skeleton.
    expect([...html.matchAll(/<style[^>]*>/g)].map((m) => m[0])).toEqual(['<style data-app-stylesheet>'])
    expect(html).toContain(`<style data-app-stylesheet>.a{color:red}</style>`)
    expect(styleSrc(res)).toEqual(["'self'", sha256('.a{color:red}')])
    expect(html).not.toMatch(/\sstyle="/)
  })

  it('so do the server’s sign-in page (also when refused) and the API’s reference page', async () => {
    const page = await app.request('/security/login', { headers: { Host: 'localhost' } })
    expect(await page.text()).toContain(`<style nonce="${nonceOf(styleSrc(page))}">`)
    const refused = await app.request('/security/login', {
      method: 'POST',
      headers: { Host: 'localhost', Origin: 'http://localhost', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'username=100002&password=faux',
    })
    expect(refused.status).toBe(401)
    expect(await refused.text()).toContain(`<style nonce="${nonceOf(styleSrc(refused))}">`)
    const docs = await app.request('/api/docs', { headers: { Host: 'localhost' } })
    const html = await docs.text()
    expect(html).toContain(`<style nonce="${nonceOf(styleSrc(docs))}">`)
    expect(html).not.toMatch(/\sstyle="/)
  })
})
