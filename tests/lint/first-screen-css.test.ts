// The server-rendered pages' inline stylesheet (src/server/http/first-screen-css.ts): the rules their code
// can match, every rule that names no class, nothing that an unseen class alone would need.
import { describe, expect, it } from 'vitest'
import {
  firstScreenCss,
  requiredClasses,
  requiredTags,
  rulesForMarkup,
  withoutSkeletonRules,
} from '../../src/server/http/first-screen-css'

describe('requiredClasses', () => {
  it('reads escaped class names, and ignores the classes inside parentheses', () => {
    expect(requiredClasses('.sm\\:px-4')).toEqual(['sm:px-4'])
    expect(requiredClasses('.w-1\\/2 > .p-2')).toEqual(['w-1/2', 'p-2'])
    expect(requiredClasses('.btn:not(.hidden)')).toEqual(['btn'])
    expect(requiredClasses('.group-hover\\:x:is(:where(.group):hover *)')).toEqual(['group-hover:x'])
    expect(requiredClasses('*, ::before')).toEqual([])
  })
})

describe('requiredTags', () => {
  it('reads the elements outside parentheses and attribute brackets', () => {
    expect(requiredTags('img')).toEqual(['img'])
    expect(requiredTags('.a span > B')).toEqual(['span', 'b'])
    expect(requiredTags(':where(select:is([multiple],[size])) optgroup')).toEqual(['optgroup'])
    expect(requiredTags('input:where([type=button])')).toEqual(['input'])
    expect(requiredTags('*, ::before, :root, ::-webkit-datetime-edit, .sm\\:px-4')).toEqual([])
  })
})

describe('firstScreenCss', () => {
  const css = `@layer theme, base, utilities;
@layer base { *, ::before { box-sizing: border-box } html { line-height: 1.5 } }
@layer utilities {
  .flex { display: flex }
  .grid { display: grid }
  .border { border-width: 1px }
  .border-2 { border-width: 2px }
  .sm\\:px-4 { padding-inline: 1rem }
  @media (width >= 40rem) { .md\\:grid { display: grid } }
  .a, .unseen { color: red }
}
@keyframes spin { to { transform: rotate(360deg) } }
@property --tw-x { syntax: "*"; inherits: false }`
  const code = `jsx("div", { className: "flex border-2 sm:px-4" }); const c = "a";`

  it('keeps the rules whose classes the code names, and every rule without a class (but unread properties)', () => {
    const out = firstScreenCss(css, [code])
    for (const kept of ['.flex', '.border-2', '.sm\\:px-4', 'box-sizing', 'html', '@keyframes spin', '.a, .unseen'])
      expect(out).toContain(kept)
    expect(out).toContain('@layer theme, base, utilities;')
  })

  it('drops the custom properties no kept declaration reads, even through another one', () => {
    const themed = `:root { --color-green: #1b5e20; --brand: var(--color-green); --unused: 1px; --tw-x: 0 }
.flex { color: var(--brand) }
.grid { margin: var(--unused) }
@property --tw-x { syntax: "*"; inherits: false }
@property --tw-y { syntax: "*"; inherits: false }
.flex { translate: var(--tw-x) }`
    const out = firstScreenCss(themed, [code])
    for (const kept of ['--color-green: #1b5e20', '--brand:', '@property --tw-x']) expect(out).toContain(kept)
    for (const dropped of ['--unused', '@property --tw-y']) expect(out).not.toContain(dropped)
  })

  it('drops the rules of classes the code never names, whole words only, and the blocks left empty', () => {
    const out = firstScreenCss(css, [code])
    expect(out).not.toContain('.grid')
    expect(out).not.toMatch(/\.border \{/) // "border" is only part of "border-2"
    expect(out).not.toContain('@media')
  })
})

describe('rulesForMarkup', () => {
  const css = `@layer base { *, ::before { box-sizing: border-box } h1, h2 { font-size: inherit } abbr:where([title]) { text-decoration: underline } code, kbd { font-family: monospace } }
@layer utilities { .flex { display: flex } .grid { display: grid } .sm\\:px-4 { padding-inline: 1rem } .a .b { color: red } }
@keyframes spin { to { transform: rotate(360deg) } }`

  it('keeps the rules whose classes and elements the markup holds, exactly, and those naming neither', () => {
    const out = rulesForMarkup(css, '<h2 class="flex sm:px-4">x</h2><p class="a px-4"><span class="b">y</span></p>')
    for (const kept of ['box-sizing', 'h1, h2', '.flex', '.sm\\:px-4', '.a .b', '@keyframes spin'])
      expect(out).toContain(kept)
    for (const dropped of ['abbr', 'code', '.grid']) expect(out).not.toContain(dropped)
  })

  it('keeps the rules of markup added later to the page (the offline notice)', () => {
    expect(rulesForMarkup(css, '<p></p>', '<code class="grid"></code>')).toContain('.grid')
    expect(rulesForMarkup(css, '<p></p>', '<code class="grid"></code>')).toContain('code, kbd')
    expect(rulesForMarkup(css, '<p></p>')).not.toContain('.grid')
  })
})

describe('withoutSkeletonRules', () => {
  it('drops the static skeleton’s rules and animation, keeps the rest', () => {
    const out = withoutSkeletonRules(
      '#boot{color:red}#boot *{margin:0}.boot-bar,.boot-card{color:red}@keyframes boot-pulse{50%{opacity:.5}}' +
        '@media (prefers-reduced-motion:reduce){.boot-card{animation:none}}.noscript{padding:16px}',
    )
    expect(out).toBe('.noscript{padding:16px}')
  })
})
