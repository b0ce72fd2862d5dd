// The server-rendered history's page (issue 29): the app shell with the render in #root, the
// static skeleton gone, the stylesheet inline, the scripts added only after the first paint, and
// the data block safe whatever the customer's texts hold.
import { describe, expect, it } from 'vitest'
import { builtShell } from './support/built-shell'
import { firstScreenPage } from '../../src/server/http/first-screen-render'
import { stylesheetOf } from '../../src/server/http/app-render'
import { FIRST_SCREEN_DATA_ID } from '../../src/contract/paths'

const shell = builtShell()
const css = '.a{color:red}'
const nonce = 'n0nce'

const dataOf = (page: string) => {
  const open = `<script type="application/json" id="${FIRST_SCREEN_DATA_ID}">`
  const start = page.indexOf(open) + open.length
  return JSON.parse(page.slice(start, page.indexOf('</script>', start))) as { state: unknown }
}

describe('firstScreenPage', () => {
  it('puts the render in #root, drops the skeleton, inlines the stylesheet', () => {
    expect(stylesheetOf(shell)).toBe('/assets/index-x.css')
    const page = firstScreenPage(shell, { html: '<main>Historique</main>', state: { queries: [] } }, { css, nonce })!
    expect(page).toContain('<div id="root"><main>Historique</main></div>')
    expect(page).not.toContain('id="boot"')
    expect(page).toContain(`<style data-app-stylesheet nonce="${nonce}">.a{color:red}</style>`)
    expect(page).not.toContain('index-x.css')
    expect(dataOf(page)).toEqual({ state: { queries: [] } })
  })

  it('asks for the scripts only from a script carrying the response’s nonce', () => {
    const page = firstScreenPage(shell, { html: '', state: {} }, { css, nonce })!
    expect(page).not.toContain('<script type="module"')
    expect(page).not.toContain('rel="modulepreload"')
    const loader = page.slice(page.indexOf(`<script nonce="${nonce}">`))
    expect(loader).toContain('"/assets/index-e.js"')
    expect(loader).toContain('["/assets/vendor-v.js"]')
    // Without a nonce such a script could not run: the plain shell is served instead.
    expect(firstScreenPage(shell, { html: '', state: {} }, { css, nonce: undefined })).toBeNull()
  })

  it('with only the rules it can match inline, asks for the whole stylesheet with the scripts, after the paint', () => {
    const page = firstScreenPage(shell, { html: '', state: {} }, { css, nonce, whole: '/assets/index-x.css' })!
    expect(page).toContain(`<style data-app-stylesheet nonce="${nonce}">.a{color:red}</style>`)
    // Not in the head, where the browser would fetch it before the paint: from the nonce'd script.
    expect(page.slice(0, page.indexOf(`<script nonce="${nonce}">`))).not.toContain('index-x.css')
    const loader = page.slice(page.indexOf(`<script nonce="${nonce}">`))
    expect(loader).toContain(`c.rel='preload';c.as='style'`)
    expect(loader).toContain('"/assets/index-x.css"')
    expect(loader.indexOf('index-x.css')).toBeLessThan(loader.indexOf('"/assets/index-e.js"'))
  })

  it('keeps a banner text that closes the script element inside the data', () => {
    const texte = '</script><script>alert(1)</script><!-- \u2028'
    const page = firstScreenPage(shell, { html: '', state: { texte } }, { css, nonce })!
    expect(page).not.toContain('<script>alert(1)')
    expect(dataOf(page)).toEqual({ state: { texte } })
  })

  it('gives up on a shell it does not recognise (the plain shell is then served)', () => {
    expect(
      firstScreenPage('<html><body><div id="app"></div></body></html>', { html: '', state: {} }, { css, nonce }),
    ).toBeNull()
  })
})
