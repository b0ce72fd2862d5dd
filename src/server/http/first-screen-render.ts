// A signed-in navigation to the history gets the page already rendered (issue 29): the app's own
// render of its first screen (src/app/server-render.tsx, built by Vite into `<dist>-ssr/`), put in
// the app shell with the data it read, for the browser to hydrate. Loaded from the build, never
// from the sources: the server keeps to its side of the map. Without that build (a dist made by
// an older Silo), or when the render fails, the shell is served as before.
import { createHash } from 'node:crypto'
import type { Context, Hono } from 'hono'
import type { AppEnv } from './env'
import { EARLY_TAPS_GLOBAL, FIRST_SCREEN_DATA_ID } from '../../contract/paths'
import { HISTORY_PATH, isHistoryPage, preloadCustomer } from './first-screen-preload'
import { ByteLru } from './byte-lru'
import { versionHorsConnexion } from '../services/versions-hors-connexion'
import { requireInPortfolio } from '../auth/access'
import { appRenderModule, inProcessFetch, shellParts, withStylesheetInline, type FirstScreen } from './app-render'
import { rulesForMarkup, withoutSkeletonRules } from './first-screen-css'
import { servedPage, type ServedPage } from './served-page'

/** Renders kept (issue 50): a few hundred members' histories. */
const RENDER_CACHE_BYTES = 32 * 1024 * 1024
/** What a render shows beyond the snapshot's version (the user's own record, the portal's link…)
 * is rendered again at least this often. */
const RENDER_MAX_AGE_MS = 5 * 60_000
/** A served page's inline stylesheet and brotli, beyond its render (about 23 + 13 KB). */
const SERVED_PAGE_EXTRA_BYTES = 40_000

export function firstScreenRenderer(app: Hono<AppEnv>, distDir: string) {
  const load = appRenderModule(distDir)
  // Render once per member, snapshot version and request (its session and what the browser sent),
  // then serve that render: the key holds the whole Cookie header, so no session ever gets a page
  // rendered for another. Rendered without a nonce: its page is the same bytes for every response
  // (served-page.ts).
  // Each counted with its page as served beside it (servedPages): the render and its data again,
  // the inline stylesheet, and their brotli.
  const renders = new ByteLru<FirstScreen | null>(RENDER_CACHE_BYTES, (s) =>
    s ? 2 * (s.html.length + JSON.stringify(s.state).length) + SERVED_PAGE_EXTRA_BYTES : 64,
  )

  /** The history's rendered first screen for this request, or null (not that page, or not rendered). */
  return async (c: Context<AppEnv>): Promise<FirstScreen | null> => {
    const user = c.get('user')
    if (!user || c.req.method !== 'GET') return null
    if (!isHistoryPage(c.req.path)) return null
    const { logger, db, clock } = c.get('deps')
    const module = await load(logger)
    if (!module) return null
    // `/` and `/catalog` lead to the history: rendered at its own path, where the browser's
    // router goes before it hydrates.
    const href = HISTORY_PATH + new URL(c.req.url).search
    // The cookie notice is in the page when the consent is not (the render depends on the cookie,
    // which the kept render's key holds).
    const render = () => module.renderFirstScreen(href, inProcessFetch(app, c), undefined, c.req.header('cookie') ?? '')
    try {
      const numTiers = preloadCustomer(c.req.path, user)
      // A member taken out of the adviser's portfolio: rendered afresh (its reads are refused),
      // never served from a render kept while they were still the adviser's.
      const outside =
        numTiers !== null &&
        (await requireInPortfolio(c, user, [numTiers]).then(
          () => false,
          () => true,
        ))
      if (!numTiers || outside) return await render()
      const version = await versionHorsConnexion(db, numTiers, clock.now())
      const key = createHash('sha256')
        .update(
          JSON.stringify([
            user.username,
            numTiers,
            version.valeur,
            Math.floor(Date.now() / RENDER_MAX_AGE_MS),
            href,
            c.req.header('cookie') ?? '',
            c.req.header('user-agent') ?? '',
            c.req.header('accept-language') ?? '',
          ]),
        )
        .digest('base64url')
      return await renders.get(key, async () => {
        const screen = await render()
        if (screen) keptRenders.add(screen)
        return screen
      })
    } catch (e) {
      logger.error('first_screen.render_failed', { error: String(e), stack: (e as Error)?.stack })
      return null
    }
  }
}

/** Renders the renderer keeps and serves again: their pages are worth compressing densely. */
const keptRenders = new WeakSet<FirstScreen>()

/** What a rendered page carries of the app's stylesheet: `css` inline; when `whole` is the whole
 * stylesheet's path, `css` holds only the rules the history's markup can match (FIRST_SCREEN_CSS),
 * cut again to those of each render's markup (and of what it may be given later), and the whole
 * comes after the first paint, with the scripts. */
export interface PageStyles {
  css: string
  whole?: string | null
}

const servedPages = new WeakMap<FirstScreen, { shell: string; styles: PageStyles; page: Promise<ServedPage | null> }>()

/** The page of a render as served: made once per render, the same bytes for each response. */
export function keptFirstScreenPage(
  shell: string,
  screen: FirstScreen,
  styles: PageStyles,
): Promise<ServedPage | null> {
  let served = servedPages.get(screen)
  if (!served || served.shell !== shell || served.styles !== styles) {
    const html = firstScreenPage(shell, screen, styles)
    const page = html === null ? Promise.resolve(null) : servedPage(html, { kept: keptRenders.has(screen) })
    served = { shell, styles, page }
    servedPages.set(screen, served)
  }
  return served.page
}

/** The head's links to the tab's icon and the manifest: the browser would fetch them (and the
 * manifest's icons) before the first paint, beside the page, on a link that has little to spare.
 * An icon that asks for nothing holds the place (without one, the browser asks for /favicon.ico),
 * until the script gives it the real one's address. */
const HEAD_LINK = /<link rel="(?:icon|apple-touch-icon|manifest)"[^>]*>\s*/g
const attributesOf = (link: string) =>
  Object.fromEntries([...link.matchAll(/\s(rel|href|type)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]))

/**
 * The app shell with the render in `#root` and its data beside it. The page is painted from the
 * HTML and its inline stylesheet alone: the static skeleton goes, the rules the page can match are
 * inline (no request before the first paint), and the whole stylesheet, the app's scripts, the
 * icon and the manifest are asked for only once that paint is done (the page's one inline script
 * adds them, allowed by its hash), so on a slow network they do not share the bandwidth with what
 * the farmer reads first.
 */
export function firstScreenPage(shell: string, screen: FirstScreen, styles: PageStyles): string | null {
  const parts = shellParts(shell)
  if (!parts) return null
  const links = (parts.page.match(HEAD_LINK) ?? []).map(attributesOf)
  const page = parts.page
    // The shell's comments are for its readers, not for every first visit (1.2 KB).
    .replace(/<!--[\s\S]*?-->\s*/g, '')
    .replace(HEAD_LINK, (link) => (/rel="icon"/.test(link) ? '<link rel="icon" href="data:," />\n    ' : ''))
    // The skeleton is gone: its rules go too (1.6 KB; every byte counts on a first visit).
    .replace(/<style>([\s\S]*?)<\/style>\s*/, (_, css: string) => {
      const rest = withoutSkeletonRules(css)
      return rest.trim() ? `<style>${rest}</style>\n    ` : ''
    })
  const css = styles.whole ? rulesForMarkup(styles.css, page + screen.html, screen.later) : styles.css
  return withStylesheetInline(page, css, undefined).replace(
    '<div id="root"></div>',
    () =>
      `<div id="root">${screen.html}</div>\n    <script type="application/json" id="${FIRST_SCREEN_DATA_ID}">${jsonInHtml(screen)}</script>` +
      `\n    <script>${keepEarlyTaps}${scriptsAfterPaint(parts.entry, parts.preloads, styles.whole ?? null, links)}</script>`,
  )
}

/** A button tapped before the app answers (its scripts still on their way) would do nothing:
 * the tap is kept, not lost, and the app taps it again once the page is hydrated. Links need
 * nothing: they navigate without the app. */
const keepEarlyTaps =
  `(function(){var q=window.${EARLY_TAPS_GLOBAL}=[];function h(e){var b=e.target&&e.target.closest&&e.target.closest('#root button');` +
  `if(b){e.preventDefault();e.stopPropagation();q.push(b)}}` +
  `q.stop=function(){document.removeEventListener('click',h,true)};document.addEventListener('click',h,true)})();`

/** Adds the app's entry and its preloads (and the head's links) once the page has painted for real: when the browser
 * reports its first contentful paint (a frame callback came 12–37 ms before that paint, issue 50,
 * item 5), at once in a hidden tab (it does not paint), after 3 s whatever happens; in one
 * insertion into the head. With them, the whole stylesheet as the preload the app makes a
 * stylesheet of before it renders (src/app/app-stylesheet.ts). */
const scriptsAfterPaint = (entry: string, preloads: string[], whole: string | null, links: Record<string, string>[]) =>
  `(function(){var done=false;function go(){if(done)return;done=true;var f=document.createDocumentFragment();` +
  `${JSON.stringify(links)}.forEach(function(a){var l=document.querySelector('link[rel="'+a.rel+'"]')||f.appendChild(document.createElement('link'));` +
  `for(var k in a)l.setAttribute(k,a[k])});` +
  (whole
    ? `var c=document.createElement('link');c.rel='preload';c.as='style';c.crossOrigin='';c.href=${JSON.stringify(whole)};` +
      `c.setAttribute('data-app-stylesheet','');f.appendChild(c);`
    : '') +
  `${JSON.stringify(preloads)}.forEach(function(u){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=u;f.appendChild(l)});` +
  `var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=${JSON.stringify(entry)};f.appendChild(s);document.head.appendChild(f)}` +
  `if(document.visibilityState==='hidden')return setTimeout(go,0);` +
  `try{var o=new PerformanceObserver(function(l){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();setTimeout(go,0)}});` +
  `o.observe({type:'paint',buffered:true})}catch(e){requestAnimationFrame(function(){setTimeout(go,0)})}setTimeout(go,3000)})()`

/** JSON safe inside a <script> element: no `</script>`, no `<!--`, whatever the customer's texts say. */
const jsonInHtml = (screen: FirstScreen) =>
  JSON.stringify({ state: screen.state })
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
