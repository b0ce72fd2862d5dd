// The server-rendered history's page (issue 29): the app shell with the render in #root, the
// static skeleton gone, the stylesheet render-blocking, and the data block safe whatever the
// customer's texts hold.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { firstScreenPage } from '../../src/server/http/first-screen-render'
import { FIRST_SCREEN_DATA_ID } from '../../src/contract/paths'

// index.html as the build leaves it: the app's stylesheet as a preload (vite.config.ts).
const shell = readFileSync('index.html', 'utf8').replace(
  '</head>',
  '<link rel="preload" as="style" crossorigin href="/assets/index-x.css" data-app-stylesheet>\n</head>',
)

const dataOf = (page: string) => {
  const open = `<script type="application/json" id="${FIRST_SCREEN_DATA_ID}">`
  const start = page.indexOf(open) + open.length
  return JSON.parse(page.slice(start, page.indexOf('</script>', start))) as { state: unknown }
}

describe('firstScreenPage', () => {
  it('puts the render in #root, drops the skeleton and blocks on the stylesheet', () => {
    const page = firstScreenPage(shell, { html: '<main>Historique</main>', state: { queries: [] } })!
    expect(page).toContain('<div id="root"><main>Historique</main></div>')
    expect(page).not.toContain('id="boot"')
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/index-x.css" data-app-stylesheet>')
    expect(dataOf(page)).toEqual({ state: { queries: [] } })
  })

  it('keeps a banner text that closes the script element inside the data', () => {
    const texte = '</script><script>alert(1)</script><!-- \u2028'
    const page = firstScreenPage(shell, { html: '', state: { texte } })!
    expect(page).not.toContain('<script>alert(1)')
    expect(page.match(/<\/script>/g)?.length).toBe(shell.match(/<\/script>/g)!.length + 1)
    expect(dataOf(page)).toEqual({ state: { texte } })
  })

  it('gives up on a shell it does not recognise (the plain shell is then served)', () => {
    expect(firstScreenPage('<html><body><div id="app"></div></body></html>', { html: '', state: {} })).toBeNull()
  })
})
