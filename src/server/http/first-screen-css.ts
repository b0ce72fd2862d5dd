// The stylesheet the server-rendered pages carry inline (issue 50, item 5): only the app's rules
// that their markup can match. The whole stylesheet (14.4 KB gzip, 80 KB to parse and match) was
// inline in every rendered Historique: on the weak link it was half the page's bytes, and Chromium
// parsed and matched all of it before the first paint. The rest comes after that paint, with the
// app's scripts (first-screen-render.ts), and applies before the app hydrates (main.tsx).
//
// Which rules: those whose selectors name only classes found in the code that renders those pages
// (the server render's chunks, and the offline notice the worker writes: vite.config.ts gives
// them), as Tailwind itself finds them — a class is in the stylesheet only because its full name
// is in a source file.
// Rules that name no class (the reset, the theme's variables, @property, @keyframes) stay, but
// for the custom properties that nothing kept reads.
// Built once by `vite build` (vite.config.ts), written beside the server render. Then cut again for
// each render by the server (rulesForMarkup): only the rules whose classes and elements its markup
// holds.
import postcss, { type AtRule, type Container, type Root, type Rule } from 'postcss'

/** A selector without what its parentheses and attribute brackets hold (escapes kept): `:not(.x)`
 * or `:where(.a, .b *)` do not make a rule need `.x` or `b`, nor does `[class*=k-]` a class
 * (keeping a rule that cannot match is harmless; dropping one that can is not). */
function outsideParentheses(selector: string): string {
  let outside = ''
  let depth = 0
  for (let i = 0; i < selector.length; i++) {
    const ch = selector[i]!
    if (ch === '\\') {
      if (depth === 0) outside += selector.slice(i, i + 2)
      i++
    } else if (ch === '(' || ch === '[') depth++
    else if (ch === ')' || ch === ']') depth--
    else if (depth === 0) outside += ch
  }
  return outside
}

/** The classes a selector requires, outside any parentheses. Escapes as CSS writes them:
 * `.sm\:px-4` is the class `sm:px-4`. */
export function requiredClasses(selector: string): string[] {
  return [...outsideParentheses(selector).matchAll(/\.((?:\\.|[\w-])+)/g)].map((m) => m[1]!.replace(/\\(.)/g, '$1'))
}

/** A character that continues a class name. */
const PART = /[\w-]/

/** Whether `name` appears in `text` as a whole class name (not inside a longer one). */
function mentions(text: string, name: string): boolean {
  for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
    const before = text[at - 1]
    const after = text[at + name.length]
    if ((before === undefined || !PART.test(before)) && (after === undefined || !PART.test(after))) return true
  }
  return false
}

const varsIn = (value: string) => [...value.matchAll(/var\(\s*(--[\w-]+)/g)].map((m) => m[1]!)

/** Drops the custom properties no kept declaration reads, even through another one (the theme's
 * colours and sizes, Konsta's palette, Tailwind's `--tw-*` defaults of the utilities left out):
 * 45 → 31 KB of the history's rules. Markup cannot read them: the CSP allows no style attribute. */
function dropUnusedProperties(root: Root): void {
  const readBy = new Map<string, string[]>()
  const read = new Set<string>()
  root.walkDecls((decl) => {
    if (decl.prop.startsWith('--')) readBy.set(decl.prop, [...(readBy.get(decl.prop) ?? []), ...varsIn(decl.value)])
    else for (const name of varsIn(decl.value)) read.add(name)
  })
  const pending = [...read]
  while (pending.length > 0)
    for (const name of readBy.get(pending.pop()!) ?? [])
      if (!read.has(name)) {
        read.add(name)
        pending.push(name)
      }
  root.walkDecls((decl) => {
    if (decl.prop.startsWith('--') && !read.has(decl.prop)) decl.remove()
  })
  root.walkAtRules('property', (rule) => {
    if (!read.has(rule.params.trim())) rule.remove()
  })
  root.walkRules((rule) => {
    if (rule.nodes.length === 0) rule.remove()
  })
}

/** `css` reduced to the rules the markup made by `sources` (bundled code, or markup) can match. */
export function firstScreenCss(css: string, sources: readonly string[]): string {
  const text = sources.join('\n')
  const known = new Map<string, boolean>()
  return rulesFor(postcss.parse(css), (name) => {
    let yes = known.get(name)
    if (yes === undefined) known.set(name, (yes = mentions(text, name)))
    return yes
  })
}

/** The markup's classes: those of its `class` attributes. */
function classesOf(markup: string): Set<string> {
  const classes = new Set<string>()
  for (const m of markup.matchAll(/\sclass="([^"]*)"/g))
    for (const name of m[1]!.split(/\s+/)) if (name) classes.add(name)
  return classes
}

/** The markup's elements, by name. */
const tagsOf = (markup: string) => new Set([...markup.matchAll(/<([a-zA-Z][\w-]*)/g)].map((m) => m[1]!.toLowerCase()))

/** The elements a selector requires, outside any parentheses and attribute brackets: `img`, the
 * `optgroup` of `:where(select:is([multiple])) optgroup`; none for `*`, `:root` or `::placeholder`. */
export function requiredTags(selector: string): string[] {
  return [...outsideParentheses(selector).matchAll(/(?:^|[\s>+~])([a-zA-Z][\w-]*)/g)].map((m) => m[1]!.toLowerCase())
}

/** The stylesheet parsed once, each cut made on a copy; the cuts of the last markups' classes and
 * elements kept (many members' histories hold the same). */
const parsed = new Map<string, Root>()
const cuts = new Map<string, string>()
const CUTS_KEPT = 64

/**
 * `css` (the build's cut) reduced to the rules a rendered page can match: those whose classes are
 * all in its markup's `class` attributes and whose elements are all in it, `later` included (markup
 * put into the page after the server made it: the offline notice). Exact names this time, not a
 * text search; rules that name neither stay.
 */
export function rulesForMarkup(css: string, markup: string, later = ''): string {
  const classes = classesOf(markup + later)
  const tags = tagsOf(markup + later)
  const key = `${[...classes].sort().join(' ')}|${[...tags].sort().join(' ')}`
  const kept = cuts.get(key)
  if (kept !== undefined && parsed.has(css)) return kept
  let root = parsed.get(css)
  if (!root) {
    parsed.clear()
    cuts.clear()
    parsed.set(css, (root = postcss.parse(css)))
  }
  const cut = rulesFor(
    root.clone(),
    (name) => classes.has(name),
    (name) => tags.has(name),
  )
  if (cuts.size >= CUTS_KEPT) cuts.delete(cuts.keys().next().value!)
  cuts.set(key, cut)
  return cut
}

/** `root` without the rules whose classes `found` (and elements `hasTag`) does not all know, then
 * without the custom properties and empty blocks left unused. */
function rulesFor(
  root: Root,
  found: (name: string) => boolean,
  hasTag: (name: string) => boolean = () => true,
): string {
  const matches = (selector: string) => requiredClasses(selector).every(found) && requiredTags(selector).every(hasTag)
  root.walkRules((rule: Rule) => {
    // Inside @keyframes, the "selectors" are steps: the animation stays whole.
    if (rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as AtRule).name)) return
    if (!rule.selectors.some(matches)) rule.remove()
  })
  dropUnusedProperties(root)
  // A media, container or layer block left with nothing in it goes too.
  const prune = (node: Container) => {
    node.each((child) => {
      if (child.type !== 'atrule' || !child.nodes) return
      prune(child)
      if (child.nodes.length === 0) child.remove()
    })
  }
  prune(root)
  return root.toString()
}

/** The static shell's own <style> without the skeleton's rules (#boot, .boot-*, its animation),
 * for a page that has no skeleton: what else it styles (the <noscript> message) stays. */
export function withoutSkeletonRules(css: string): string {
  const root = postcss.parse(css)
  const skeleton = (selector: string) => /#boot\b|\.boot-/.test(selector)
  root.walkRules((rule) => {
    if (rule.selectors.every(skeleton)) rule.remove()
  })
  root.walkAtRules(/keyframes$/i, (rule) => {
    if (/^boot-/.test(rule.params)) rule.remove()
  })
  root.walkAtRules((rule) => {
    if (rule.nodes && rule.nodes.length === 0) rule.remove()
  })
  return root.toString()
}
