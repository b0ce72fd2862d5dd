// A signed-in navigation to the history gets the page already rendered (issue 29): the app's own
// render of its first screen (src/app/server-render.tsx, built by Vite into `<dist>-ssr/`), put in
// the app shell with the data it read, for the browser to hydrate. Loaded from the build, never
// from the sources: the server keeps to its side of the map. Without that build (a dist made by
// an older Silo), or when the render fails, the shell is served as before.
import type { Context, Hono } from 'hono'
import type { AppEnv } from './env'
import { EARLY_TAPS_GLOBAL, FIRST_SCREEN_DATA_ID } from '../../contract/paths'
import { HISTORY_PATH, isHistoryPage } from './first-screen-preload'
import { appRenderModule, inProcessFetch, shellParts, withStylesheetInline, type FirstScreen } from './app-render'

export function firstScreenRenderer(app: Hono<AppEnv>, distDir: string) {
  const load = appRenderModule(distDir)

  /** The history's rendered first screen for this request, or null (not that page, or not rendered). */
  return async (c: Context<AppEnv>): Promise<FirstScreen | null> => {
    if (!c.get('user') || c.req.method !== 'GET') return null
    if (!isHistoryPage(c.req.path)) return null
    const { logger } = c.get('deps')
    const module = await load(logger)
    if (!module) return null
    // `/` and `/catalog` lead to the history: rendered at its own path, where the browser's
    // router goes before it hydrates.
    try {
      return await module.renderFirstScreen(
        HISTORY_PATH + new URL(c.req.url).search,
        inProcessFetch(app, c),
        c.get('secureHeadersNonce'),
        // The cookie notice is in the page when the consent is not (the render depends on it).
        c.req.header('cookie') ?? '',
      )
    } catch (e) {
      logger.error('first_screen.render_failed', { error: String(e), stack: (e as Error)?.stack })
      return null
    }
  }
}

/**
 * The app shell with the render in `#root` and its data beside it. The page is painted from the
 * HTML and the stylesheet alone: the static skeleton goes, the stylesheet is inlined (no request
 * before the first paint), and the app's scripts are asked for only once that paint is done (a
 * few lines carrying the response's CSP nonce add them), so on a slow network they do not share
 * the bandwidth with what the farmer reads first.
 */
export function firstScreenPage(
  shell: string,
  screen: FirstScreen,
  page: { css: string; nonce: string | undefined },
): string | null {
  const parts = shellParts(shell)
  if (!parts || !page.nonce) return null
  return withStylesheetInline(parts.page, page.css, page.nonce).replace(
    '<div id="root"></div>',
    () =>
      `<div id="root">${screen.html}</div>\n    <script type="application/json" id="${FIRST_SCREEN_DATA_ID}">${jsonInHtml(screen)}</script>` +
      `\n    <script nonce="${page.nonce}">${keepEarlyTaps}${scriptsAfterPaint(parts.entry, parts.preloads)}</script>`,
  )
}

/** A button tapped before the app answers (its scripts still on their way) would do nothing:
 * the tap is kept, not lost, and the app taps it again once the page is hydrated. Links need
 * nothing: they navigate without the app. */
const keepEarlyTaps =
  `(function(){var q=window.${EARLY_TAPS_GLOBAL}=[];function h(e){var b=e.target&&e.target.closest&&e.target.closest('#root button');` +
  `if(b){e.preventDefault();e.stopPropagation();q.push(b)}}` +
  `q.stop=function(){document.removeEventListener('click',h,true)};document.addEventListener('click',h,true)})();`

/** Adds the app's entry and its preloads once the page has painted for real: when the browser
 * reports its first contentful paint (a frame callback came 12–37 ms before that paint, issue 50,
 * item 5), at once in a hidden tab (it does not paint), after 3 s whatever happens; in one
 * insertion into the head. */
const scriptsAfterPaint = (entry: string, preloads: string[]) =>
  `(function(){var done=false;function go(){if(done)return;done=true;var f=document.createDocumentFragment();` +
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
