// The server-rendered history's page (issue 29): the app shell with the render in #root, the
// static skeleton gone (and its rules), the stylesheet inline, the scripts, the icon and the
// manifest added only after the first paint, and the data block safe whatever the customer's
// texts hold. No nonce: the same bytes for every response (served-page.ts).
import { describe, expect, it } from 'vitest'
import { builtShell } from './support/built-shell'
import { firstScreenPage } from '../../src/server/http/first-screen-render'
import { stylesheetOf } from '../../src/server/http/app-render'
import { FIRST_SCREEN_DATA_ID } from '../../src/contract/paths'

const shell = builtShell()
const css = '.a{color:red}'
const LOADER = '<script>(function(){var q=window.'

const dataOf = (page: string) => {
  const open = `<script type="application/json" id="${FIRST_SCREEN_DATA_ID}">`
  const start = page.indexOf(open) + open.length
  return JSON.parse(page.slice(start, page.indexOf('</script>', start))) as { state: unknown }
}

describe('firstScreenPage', () => {
  it('puts the render in #root, drops the skeleton, inlines the stylesheet', () => {
    expect(stylesheetOf(shell)).toBe('/assets/index-x.css')
    const page = firstScreenPage(shell, { html: '<main>Historique</main>', state: { queries: [] } }, { css })!
    expect(page).toContain('<div id="root"><main>Historique</main></div>')
    expect(page).not.toContain('id="boot"')
    expect(page).toContain(`<style data-app-stylesheet>.a{color:red}</style>`)
    expect(page).not.toContain('index-x.css')
    expect(page).not.toContain('nonce')
    expect(dataOf(page)).toEqual({ state: { queries: [] } })
  })

  it('asks for the scripts, the icon and the manifest only from its one inline script', () => {
    const page = firstScreenPage(shell, { html: '', state: {} }, { css })!
    expect(page).not.toContain('<script type="module"')
    expect(page).not.toContain('rel="modulepreload"')
    const [head, loader] = [page.slice(0, page.indexOf(LOADER)), page.slice(page.indexOf(LOADER))]
    expect(loader).toContain('"/assets/index-e.js"')
    expect(loader).toContain('["/assets/vendor-v.js"]')
    // The icon's place is kept with an address that asks for nothing (else: /favicon.ico).
    expect(head).toContain('<link rel="icon" href="data:," />')
    expect(head).not.toContain('favicon.svg')
    expect(head).not.toContain('rel="manifest"')
    expect(loader).toContain('"href":"/favicon.svg"')
    expect(loader).toContain('"rel":"manifest","href":"/manifest.webmanifest"')
  })

  it('keeps of the shell’s own <style> what is not the skeleton’s', () => {
    const withBoot = shell.replace(
      /<style>[\s\S]*?<\/style>/,
      '<style>#boot{color:red}.boot-bar{color:red}@keyframes boot-pulse{50%{opacity:.5}}.noscript{padding:16px}</style>',
    )
    const page = firstScreenPage(withBoot, { html: '', state: {} }, { css })!
    expect(page).toContain('<style>.noscript{padding:16px}</style>')
    expect(page).not.toMatch(/#boot|\.boot-|boot-pulse/)
  })

  it('with only the rules it can match inline, asks for the whole stylesheet with the scripts, after the paint', () => {
    const page = firstScreenPage(shell, { html: '', state: {} }, { css, whole: '/assets/index-x.css' })!
    // The markup has no class `a`: its rule is cut (rulesForMarkup).
    expect(page).toContain(`<style data-app-stylesheet></style>`)
    // Not in the head, where the browser would fetch it before the paint: from the inline script.
    expect(page.slice(0, page.indexOf(LOADER))).not.toContain('index-x.css')
    const loader = page.slice(page.indexOf(LOADER))
    expect(loader).toContain(`c.rel='preload';c.as='style'`)
    expect(loader).toContain('"/assets/index-x.css"')
    expect(loader.indexOf('index-x.css')).toBeLessThan(loader.indexOf('"/assets/index-e.js"'))
  })

  it('keeps a banner text that closes the script element inside the data', () => {
    const texte = '</script><script>alert(1)</script><!-- \u2028'
    const page = firstScreenPage(shell, { html: '', state: { texte } }, { css })!
    expect(page).not.toContain('<script>alert(1)')
    expect(dataOf(page)).toEqual({ state: { texte } })
  })

  it('gives up on a shell it does not recognise (the plain shell is then served)', () => {
    expect(
      firstScreenPage('<html><body><div id="app"></div></body></html>', { html: '', state: {} }, { css }),
    ).toBeNull()
  })
})
