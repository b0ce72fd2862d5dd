// A signed-in navigation to the history gets the page already rendered (issue 29): the app's own
// render of its first screen (src/app/server-render.tsx, built by Vite into `<dist>-ssr/`), put in
// the app shell with the data it read, for the browser to hydrate. Loaded from the build, never
// from the sources: the server keeps to its side of the map. Without that build (a dist made by
// an older Silo), or when the render fails, the shell is served as before.
import { existsSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import type { Context, Hono } from 'hono'
import type { AppEnv } from './env'
import type { Logger } from '../logger'
import { EARLY_TAPS_GLOBAL, FIRST_SCREEN_DATA_ID } from '../../contract/paths'
import { HISTORY_PATH, isHistoryPage } from './first-screen-preload'

/** What the app's render gives (src/app/server-render.tsx's FirstScreen). */
interface FirstScreen {
  html: string
  state: unknown
}
type InProcessFetch = (path: string, init: RequestInit) => Promise<Response>
interface RenderModule {
  renderFirstScreen(href: string, fetchInProcess: InProcessFetch, nonce?: string): Promise<FirstScreen | null>
}

/** What the page's request carries into each of the render's reads: who asks, and from where. */
const FORWARDED = ['cookie', 'user-agent', 'x-forwarded-for', 'accept-language']

export function firstScreenRenderer(app: Hono<AppEnv>, distDir: string) {
  const file = `${distDir.replace(/\/$/, '')}-ssr/server-render.js`
  let loaded: Promise<RenderModule | null> | null = null
  const load = (logger: Logger) =>
    (loaded ??= existsSync(file)
      ? (import(pathToFileURL(file).href) as Promise<RenderModule>).catch((e: unknown) => {
          logger.error('first_screen.load_failed', { file, error: String(e) })
          return null
        })
      : Promise.resolve(null))

  /** The history's rendered first screen for this request, or null (not that page, or not rendered). */
  return async (c: Context<AppEnv>): Promise<FirstScreen | null> => {
    if (!c.get('user') || c.req.method !== 'GET') return null
    if (!isHistoryPage(c.req.path)) return null
    const { logger } = c.get('deps')
    const module = await load(logger)
    if (!module) return null
    const fetchInProcess: InProcessFetch = async (path, init) => {
      const headers = new Headers(init.headers)
      for (const name of FORWARDED) {
        const value = c.req.header(name)
        if (value) headers.set(name, value)
      }
      return app.request(path, { ...init, headers }, c.env)
    }
    // `/` and `/catalog` lead to the history: rendered at its own path, where the browser's
    // router goes before it hydrates.
    try {
      return await module.renderFirstScreen(
        HISTORY_PATH + new URL(c.req.url).search,
        fetchInProcess,
        c.get('secureHeadersNonce'),
      )
    } catch (e) {
      logger.error('first_screen.render_failed', { error: String(e), stack: (e as Error)?.stack })
      return null
    }
  }
}

/** The stylesheet's path in the app shell (its preload), to inline it in the rendered page. */
export const stylesheetOf = (shell: string): string | null =>
  /<link rel="preload" as="style"(?: crossorigin)? href="([^"]+\.css)" data-app-stylesheet>/.exec(shell)?.[1] ?? null

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
  const withoutBoot = shell.replace(/<div id="boot"[\s\S]*?<\/div>\s*<\/div>\s*<\/div>\s*(?=<!--)/, '')
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(withoutBoot)
  if (withoutBoot === shell || !entry || !withoutBoot.includes('<div id="root"></div>') || !page.nonce) return null
  const preloads = [...withoutBoot.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)]
  let html = withoutBoot.replace(entry[0], '')
  for (const link of preloads) html = html.replace(link[0], '')
  return html
    .replace(
      /<link rel="preload" as="style"(?: crossorigin)? href="[^"]+\.css" data-app-stylesheet>/,
      () => `<style data-app-stylesheet>${page.css.replace(/<\/style/gi, '<\\/style')}</style>`,
    )
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${screen.html}</div>\n    <script type="application/json" id="${FIRST_SCREEN_DATA_ID}">${jsonInHtml(screen)}</script>` +
        `\n    <script nonce="${page.nonce}">${keepEarlyTaps}${scriptsAfterPaint(
          entry[1]!,
          preloads.map((l) => l[1]!),
        )}</script>`,
    )
}

/** A button tapped before the app answers (its scripts still on their way) would do nothing:
 * the tap is kept, not lost, and the app taps it again once the page is hydrated. Links need
 * nothing: they navigate without the app. */
const keepEarlyTaps =
  `(function(){var q=window.${EARLY_TAPS_GLOBAL}=[];function h(e){var b=e.target&&e.target.closest&&e.target.closest('#root button');` +
  `if(b){e.preventDefault();e.stopPropagation();q.push(b)}}` +
  `q.stop=function(){document.removeEventListener('click',h,true)};document.addEventListener('click',h,true)})();`

/** Adds the app's entry and its preloads once the page has painted (after the next frame), or
 * after half a second in a tab that does not paint (hidden); in one insertion into the head. */
const scriptsAfterPaint = (entry: string, preloads: string[]) =>
  `(function(){var done=false;function go(){if(done)return;done=true;var f=document.createDocumentFragment();` +
  `${JSON.stringify(preloads)}.forEach(function(u){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=u;f.appendChild(l)});` +
  `var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=${JSON.stringify(entry)};f.appendChild(s);document.head.appendChild(f)}` +
  `requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,500)})()`

/** JSON safe inside a <script> element: no `</script>`, no `<!--`, whatever the customer's texts say. */
const jsonInHtml = (screen: FirstScreen) =>
  JSON.stringify({ state: screen.state })
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
