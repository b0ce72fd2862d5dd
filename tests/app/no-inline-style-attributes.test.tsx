// The server renders the history and the sign-in page with a Content-Security-Policy that refuses
// inline style attributes (docs/csp-styles.md): a `style="…"` in that HTML would be dropped by the
// browser, and React's hydration does not put it back. What the shell renders on every page says
// no style attribute until the browser has measured something (set then through the DOM, allowed).
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { NoticeTray } from '../../src/app/ui/shell/notice-tray'

describe('server-rendered markup without style attributes', () => {
  it('the notice tray, in the page’s flow, needs no measured height', () => {
    const html = renderToString(<NoticeTray />)
    expect(html).toContain('notice-tray')
    expect(html).not.toMatch(/\sstyle="/)
  })
})
