// The server's sign-in page (issue 29, step 3): the app shell made the sign-in route's render, with
// the sign-in script in place of the app's entry, the app's files listed for its script to prefetch at idle, no inline script.
import { describe, expect, it } from 'vitest'
import { builtShell } from './support/built-shell'
import { isSignInPath, signInPage } from '../../src/server/http/sign-in-page'
import { APP_FILES_META } from '../../src/contract/paths'

const shell = builtShell(['/assets/vendor-v.js', '/assets/sign-in-page-k.js'])
const render = {
  html: '<main><h1>Silo</h1></main>',
  title: 'Silo > Login <b>',
  script: { file: '/assets/sign-in-s.js', imports: ['/assets/sign-in-page-k.js'] },
}

describe('signInPage', () => {
  const page = signInPage(shell, render, '.a{color:red}', 'n0nce')!

  it('is the render, titled, styled inline, without the static skeleton or any inline script', () => {
    expect(page).toContain('<div id="root"><main><h1>Silo</h1></main></div>')
    expect(page).toContain('<title>Silo &gt; Login &lt;b&gt;</title>')
    // The stylesheet carries the response's nonce: the CSP allows no other inline style.
    expect(page).toContain('<style data-app-stylesheet nonce="n0nce">.a{color:red}</style>')
    expect(page).not.toContain('id="boot"')
    // Every script has its source: the page needs no nonce, nor the boot script's hash.
    expect([...page.matchAll(/<script(?![^>]*\bsrc=)[^>]*>/g)]).toEqual([])
  })

  it('runs the sign-in script and only prefetches the app', () => {
    const scripts = [...page.matchAll(/<script type="module" crossorigin src="([^"]+)">/g)].map((m) => m[1])
    expect(scripts).toEqual(['/assets/sign-in-s.js'])
    expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/sign-in-page-k.js">')
    expect(page).not.toContain('rel="modulepreload" crossorigin href="/assets/vendor-v.js"')
    // Listed for the script to prefetch at idle, not fetched by the page itself.
    expect(page).not.toContain('rel="prefetch"')
    const listed = new RegExp(`<meta name="${APP_FILES_META}" content="([^"]*)">`).exec(page)?.[1]
    expect(listed).toBe('/assets/index-e.js /assets/vendor-v.js /assets/index-x.css')
  })

  it('gives up on a shell it does not recognise (the app shell is then served)', () => {
    expect(signInPage('<html><body><div id="app"></div></body></html>', render, '', 'n0nce')).toBeNull()
  })

  it('is the page of /login only', () => {
    expect(isSignInPath('/login')).toBe(true)
    expect(isSignInPath('/login/')).toBe(true)
    expect(isSignInPath('/loginx')).toBe(false)
    expect(isSignInPath('/security/login')).toBe(false)
  })
})
