// The probes of gloves-sunlight.spec.ts (issue 28), run in the page: what a gloved finger, a
// phone in the sun and enlarged text need, measured on the screen as laid out.
// - every visible interactive element's box ≥ 44 × 44 CSS px (WCAG 2.2 AAA 2.5.5), except inline
//   links inside a sentence (the criterion's "inline" exception; AAA has no spacing exception, and
//   an isolated 30 px button must still be named);
// - no element wider than the viewport and no horizontal scroll (1.4.10 reflow), no text cut by an
//   ellipsis;
// - no word broken inside ("Historiqu / e", a card's text one letter per line at 200 %, issue 43):
//   each word's line boxes, read with a Range, on one line; a word wider than most of the screen
//   (an e-mail address, a link), or than the lines of a box at least half the screen wide, may
//   break: no line could hold it;
// - no two interactive elements overlapping;
// - no fixed or sticky layer (notice, toast, install or cookie card, tab bar) over an interactive
//   element, looked at with the page scrolled to its top and to its end;
// - no control out of the screen's reach (issue 51: at 200 % a tab bar stretched past the screen hid
//   "Contrats" and "Plus", a form opened shifted sideways): none past the screen's left or right
//   edge, none above or below it that no scrolling brings into view (in a fixed layer or a dialog);
// - a form's fields, when they scroll, have at least half the screen's height (issue 51: a fixed
//   title, stepper and three rows of buttons left the fields a third of it at 200 %).
// Plus axe with the AAA contrast rule and target-size.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

export const MIN_TARGET = 44

export interface Finding {
  probe: 'target' | 'overflow' | 'cut' | 'broken' | 'overlap' | 'covered' | 'offscreen' | 'fields' | 'axe' | 'error'
  what: string
}

/** The in-page probes; returns findings for the current scroll position and layout. */
async function layoutProbes(page: Page, layersAt: 'top' | 'bottom' | 'all'): Promise<Finding[]> {
  // The screen's width as set, not the page's: a phone browser widens its layout to fit content
  // that is too wide (and zooms out), which would hide the very overflow looked for.
  const screenWidth = page.viewportSize()!.width
  return page.evaluate(
    ({ min, layersAt, screenWidth }) => {
      /** A short, readable name for an element: tag, type, accessible text. */
      const describe = (el: Element) => {
        const name = (el.getAttribute('aria-label') ?? el.getAttribute('title') ?? el.textContent ?? '')
          .replace(/\s+/g, ' ')
          .trim()
          .slice(0, 40)
        const type = el.getAttribute('type') ? `[${el.getAttribute('type')}]` : ''
        return `${el.tagName.toLowerCase()}${type}${name ? ` "${name}"` : ''}`
      }
      const findings: { probe: string; what: string }[] = []
      const vw = screenWidth
      const vh = window.innerHeight
      const SELECTOR = [
        'a[href]',
        'button',
        'input:not([type=hidden])',
        'select',
        'textarea',
        'summary',
        '[role=button]',
        '[role=link]',
        '[role=checkbox]',
        '[role=radio]',
        '[role=switch]',
        '[role=tab]',
        '[role=menuitem]',
        '[tabindex]:not([tabindex="-1"])',
      ].join(',')

      /** The part of an element its scrolling or clipping ancestors let show. */
      const visibleBox = (el: Element): DOMRect => {
        const r = el.getBoundingClientRect()
        let [left, top, right, bottom] = [r.left, r.top, r.right, r.bottom]
        for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
          const cs = getComputedStyle(a)
          if (cs.overflowX === 'visible' && cs.overflowY === 'visible' && cs.clip === 'auto') continue
          const ar = a.getBoundingClientRect()
          if (cs.overflowX !== 'visible') [left, right] = [Math.max(left, ar.left), Math.min(right, ar.right)]
          if (cs.overflowY !== 'visible') [top, bottom] = [Math.max(top, ar.top), Math.min(bottom, ar.bottom)]
        }
        return new DOMRect(left, top, Math.max(0, right - left), Math.max(0, bottom - top))
      }
      const shown = (el: Element) => {
        if (!el.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true })) return false
        const r = el.getBoundingClientRect()
        if (r.width <= 2 || r.height <= 2) return false // visually hidden (sr-only)
        // Clipped to nothing by an ancestor (sr-only wrappers, collapsed panels, scrolled out of a dialog's body).
        const v = visibleBox(el)
        if (v.width <= 2 || v.height <= 2) return false
        return !el.closest('[aria-hidden=true]') || el.matches('input')
      }
      // The modal on top, when one is open: what lies under it cannot be touched.
      const modals = [...document.querySelectorAll('dialog[open], [role=dialog], [role=alertdialog]')].filter(shown)
      const scope = modals.at(-1) ?? document.body

      // A control's finger target: an input with its label (a tap on the label works too).
      const targetBox = (el: Element): DOMRect => {
        let r = el.getBoundingClientRect()
        if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
          const label =
            el.closest('label') ?? (el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`) : null)
          if (label) {
            const l = label.getBoundingClientRect()
            const left = Math.min(r.left, l.left)
            const top = Math.min(r.top, l.top)
            r = new DOMRect(left, top, Math.max(r.right, l.right) - left, Math.max(r.bottom, l.bottom) - top)
          }
        }
        return r
      }
      const inlineInText = (el: Element) => {
        if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false
        const parent = el.parentElement
        if (!parent) return false
        const own = [...parent.childNodes].some((n) => n.nodeType === 3 && (n.textContent ?? '').trim().length > 0)
        return own
      }

      const targets = [...scope.querySelectorAll(SELECTOR)]
        .filter(shown)
        // A control inside another control is one target (a link wrapping an icon button, a label).
        .filter((el) => !el.parentElement?.closest(SELECTOR) || el.matches('input,select,textarea'))
        .map((el) => ({ el, box: targetBox(el) }))

      const intersects = (a: DOMRect, b: DOMRect, tol = 1) =>
        a.left < b.right - tol && b.left < a.right - tol && a.top < b.bottom - tol && b.top < a.bottom - tol

      for (const t of targets) {
        const { width, height } = t.box
        if (width >= min - 0.5 && height >= min - 0.5) continue
        if (inlineInText(t.el)) continue
        findings.push({
          probe: 'target',
          what: `${describe(t.el)} ${Math.round(width)}×${Math.round(height)}`,
        })
      }

      // The fixed or sticky layer an element is drawn in (null: the page's flow).
      const layerOf = (el: Element): Element | null => {
        for (let a: Element | null = el; a; a = a.parentElement) {
          const p = getComputedStyle(a).position
          if (p === 'fixed' || p === 'sticky') return a
        }
        return null
      }
      for (let i = 0; i < targets.length; i++) {
        for (let j = i + 1; j < targets.length; j++) {
          const a = targets[i]!
          const b = targets[j]!
          if (a.el.contains(b.el) || b.el.contains(a.el)) continue
          // Content scrolling under a fixed bar is the 'covered' probe's, looked at the page's ends.
          if (layerOf(a.el) !== layerOf(b.el)) continue
          // A label's box overlapping its own input is one control.
          if (a.box === b.box) continue
          if (intersects(visibleBox(a.el), visibleBox(b.el), 2))
            findings.push({ probe: 'overlap', what: `${describe(a.el)} × ${describe(b.el)}` })
        }
      }

      // Out of reach: a control past the screen's side, or above or below it where no scrolling
      // ancestor (nor the page, for what is not in a fixed layer) can bring it.
      const scrolls = (a: Element) => {
        const oy = getComputedStyle(a).overflowY
        return (oy === 'auto' || oy === 'scroll') && a.scrollHeight > a.clientHeight + 1
      }
      const pageScrolls = document.documentElement.scrollHeight > vh + 1
      for (const t of targets) {
        const r = t.el.getBoundingClientRect()
        let out = r.left < -1 || r.right > vw + 1
        if (!out && (r.top < -1 || r.bottom > vh + 1)) {
          let reach = false
          for (let a = t.el.parentElement; a && !reach; a = a.parentElement) reach = scrolls(a)
          // A sticky layer scrolls with the page (the notices wait at its end on a short screen).
          const fixed = (() => {
            for (let a: Element | null = t.el; a; a = a.parentElement)
              if (getComputedStyle(a).position === 'fixed') return true
            return false
          })()
          if (!reach) reach = pageScrolls && !fixed && !t.el.closest('dialog, [role=dialog]')
          out = !reach
        }
        if (out)
          findings.push({
            probe: 'offscreen',
            what: `${describe(t.el)} at ${Math.round(r.left)},${Math.round(r.top)}…${Math.round(r.right)},${Math.round(r.bottom)}`,
          })
      }

      // A form's fields, scrolling in a box of their own: that box at least half the screen high.
      const field = [...scope.querySelectorAll('input:not([type=hidden]), select, textarea')].find(shown)
      if (field && field.closest('dialog, [role=dialog]')) {
        let box: Element | null = field.parentElement
        while (box && box !== document.body && !scrolls(box)) box = box.parentElement
        if (box && box !== document.body) {
          const v = visibleBox(box)
          const top = Math.max(0, v.top)
          const share = (Math.min(vh, v.bottom) - top) / vh
          if (share < 0.5)
            findings.push({
              probe: 'fields',
              what: `the fields scroll in ${Math.round(share * 100)} % of the screen's height`,
            })
        }
      }

      // Reflow: the page itself and every element within the viewport's width: the document's
      // width against the DEVICE's (innerWidth grows with the content on a phone).
      const scrollW = document.documentElement.scrollWidth
      if (scrollW > vw + 1) findings.push({ probe: 'overflow', what: `page scrolls sideways (${scrollW} > ${vw})` })
      const clippedByScroller = (el: Element) => {
        for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
          const ox = getComputedStyle(a).overflowX
          if (ox !== 'visible') {
            const ar = a.getBoundingClientRect()
            return ar.left >= -1 && ar.right <= vw + 1
          }
        }
        return false
      }
      const wide: string[] = []
      for (const el of scope.querySelectorAll('body *')) {
        const r = el.getBoundingClientRect()
        if (r.width === 0 || r.height === 0) continue
        if (r.right <= vw + 1 && r.left >= -1) continue
        if (!el.checkVisibility({ visibilityProperty: true })) continue
        const cs = getComputedStyle(el)
        if (cs.position === 'fixed' && (r.right <= 0 || r.left >= vw)) continue // off-canvas drawer
        if (clippedByScroller(el)) continue
        // Report the outermost one only.
        if (wide.some((w) => el.parentElement?.closest(`[data-probe-wide="${w}"]`))) continue
        const id = String(wide.length)
        el.setAttribute('data-probe-wide', id)
        wide.push(id)
        findings.push({ probe: 'overflow', what: `${describe(el)} spans ${Math.round(r.left)}…${Math.round(r.right)}` })
      }
      document.querySelectorAll('[data-probe-wide]').forEach((e) => e.removeAttribute('data-probe-wide'))
      // Text running out of its box past the screen's edge (a long word, an e-mail address).
      const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT)
      const range = document.createRange()
      const past = new Set<Element>()
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (!n.textContent?.trim() || !n.parentElement || past.has(n.parentElement)) continue
        range.selectNodeContents(n)
        const r = range.getBoundingClientRect()
        if (r.width === 0 || (r.right <= vw + 1 && r.left >= -1)) continue
        if (clippedByScroller(n.parentElement) || !shown(n.parentElement)) continue
        past.add(n.parentElement)
        findings.push({
          probe: 'overflow',
          what: `text of ${describe(n.parentElement)} runs to ${Math.round(r.right)}`,
        })
      }

      // Words broken inside, one finding per element: "Historiqu / e" at 320 px, a card's text one
      // letter per line at 200 % (issue 43). The word's line boxes, as a Range reads them: two
      // that do not share a line are a break (after a hyphen or a soft hyphen is no word broken). A browser with French hyphenation would add a hyphen
      // there (hyphens: auto); the test's Chromium has no dictionary, so a break is a break.
      const longWord = 0.8 * vw
      /** The width of the lines an element's text is set in: its block's content box. */
      const lineWidth = (el: Element): number => {
        let block: Element | null = el
        while (block && ['inline', 'contents'].includes(getComputedStyle(block).display)) block = block.parentElement
        if (!block) return vw
        const cs = getComputedStyle(block)
        return block.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight)
      }
      const broken = new Set<Element>()
      const texts = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT)
      for (let n = texts.nextNode(); n; n = texts.nextNode()) {
        const parent = n.parentElement
        const text = n.textContent ?? ''
        if (!parent || broken.has(parent) || !/\S\S/.test(text) || !shown(parent)) continue
        // A word ends at a space or after a hyphen ("déconnectez- / vous" breaks where it may).
        for (const m of text.matchAll(/[^\s\-\u2010\u00ad]+[-\u2010\u00ad]?/g)) {
          if (m[0].length < 2) continue
          range.setStart(n, m.index)
          range.setEnd(n, m.index + m[0].length)
          const boxes = [...range.getClientRects()].filter((b) => b.width > 0.5 && b.height > 0.5)
          if (boxes.length < 2) continue
          boxes.sort((a, b) => a.top - b.top)
          let lines = 1
          for (let i = 1; i < boxes.length; i++) if (boxes[i]!.top >= boxes[i - 1]!.bottom - 1) lines++
          if (lines < 2) continue
          // Wider than any line of its box, in a box not squeezed (half the screen at least): no
          // layout holds it at this size ("d'alimentation)." in a card at 200 %, an e-mail address).
          const width = boxes.reduce((w, b) => w + b.width, 0)
          const line = lineWidth(parent)
          if (width > longWord || (width > line && line >= vw / 2)) continue
          broken.add(parent)
          findings.push({ probe: 'broken', what: `"${m[0]}" on ${lines} lines in ${describe(parent)}` })
          break
        }
      }

      // Text cut by an ellipsis (a step label read "Réglem…").
      for (const el of scope.querySelectorAll('body *')) {
        const cs = getComputedStyle(el)
        if (cs.textOverflow !== 'ellipsis' && cs.webkitLineClamp === 'none') continue
        if (!shown(el)) continue
        const he = el as HTMLElement
        if (he.scrollWidth > he.clientWidth + 1 || he.scrollHeight > he.clientHeight + 1)
          findings.push({ probe: 'cut', what: `${describe(el)} cut` })
      }

      // Layers fixed on the screen (notices, toasts, the tab bar, a sticky header): none over a target.
      const layers = [...document.querySelectorAll('body *')].filter((el) => {
        const p = getComputedStyle(el).position
        if (p !== 'fixed' && p !== 'sticky') return false
        if (el.matches('dialog, [role=dialog], [role=alertdialog]') || el.querySelector('[role=dialog], dialog'))
          return false
        if (!shown(el)) return false
        const r = el.getBoundingClientRect()
        if (r.bottom <= 0 || r.top >= vh || r.right <= 0 || r.left >= vw) return false
        // A page that scrolls is looked at twice: at its top for the layers above the content,
        // at its end for those at the screen's bottom (what they cover in between scrolls out).
        const atBottom = r.top > vh / 2
        return layersAt === 'all' || (layersAt === 'bottom') === atBottom
      })
      for (const layer of layers) {
        // A layer's children may be laid outside its box (the install card sits above the tray).
        const boxes = [layer, ...layer.querySelectorAll('*')]
          .map((e) => e.getBoundingClientRect())
          .filter((b) => b.width > 0 && b.height > 0)
        for (const t of targets) {
          if (layer.contains(t.el) || t.el.contains(layer)) continue
          const r = t.el.getBoundingClientRect()
          if (r.bottom <= 0 || r.top >= vh) continue
          const hit = boxes.find((b) => intersects(b, r, 2))
          if (!hit) continue
          // Under the layer only if the layer is drawn over it there.
          const x = (Math.max(r.left, hit.left) + Math.min(r.right, hit.right)) / 2
          const y = (Math.max(r.top, hit.top) + Math.min(r.bottom, hit.bottom)) / 2
          const top = document.elementFromPoint(x, y)
          if (!top || !layer.contains(top)) continue
          findings.push({ probe: 'covered', what: `${describe(t.el)} under ${describe(layer).slice(0, 50)}` })
        }
      }
      return findings as Finding[]
    },
    { min: MIN_TARGET, layersAt, screenWidth },
  )
}

/** axe's AAA contrast and target-size rules on the page (or on the open dialog). */
async function axeProbe(page: Page): Promise<Finding[]> {
  const { violations } = await new AxeBuilder({ page })
    .withRules(['color-contrast-enhanced', 'target-size'])
    .options({ resultTypes: ['violations'] })
    .analyze()
  return violations.flatMap((v) =>
    v.nodes.map((n) => ({
      probe: 'axe' as const,
      what: `${v.id} ${n.target.join(' ')}${v.id === 'color-contrast-enhanced' ? ` (${/contrast of ([\d.]+)/.exec(n.failureSummary ?? '')?.[1] ?? '?'})` : ''}`,
    })),
  )
}

/** Every probe, at the page's top and scrolled to its end; duplicate findings counted once. */
export async function probeScreen(page: Page, { axe = true } = {}): Promise<Finding[]> {
  const all: Finding[] = []
  await page.evaluate(() => window.scrollTo(0, 0))
  const scrolls = await page.evaluate(() => document.scrollingElement!.scrollHeight > window.innerHeight + 2)
  const t0 = Date.now()
  all.push(...(await layoutProbes(page, scrolls ? 'top' : 'all')))
  const t1 = Date.now()
  if (axe) all.push(...(await axeProbe(page)))
  const t2 = Date.now()
  if (process.env.GLOVES_TIMING) console.log(`layout ${t1 - t0} ms, axe ${t2 - t1} ms`)
  if (scrolls) {
    await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight))
    await page.waitForTimeout(50)
    all.push(...(await layoutProbes(page, 'bottom')).filter((f) => f.probe === 'covered'))
    await page.evaluate(() => window.scrollTo(0, 0))
  }
  const seen = new Set<string>()
  return all.filter((f) => {
    const key = `${f.probe} ${f.what}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}
