// A direct navigation to the sign-in page gets it from the server, whole (issue 29, step 3): the
// app's own sign-in route rendered here (src/app/server-render.tsx), its stylesheet inline, and
// in place of the app's bundles the sign-in page's few lines of script (src/app/sign-in.ts, found
// in the build's manifest). No React runs in the browser on this page; the app's bundles are
// fetched once the page is idle (prefetch links, then the service worker's precache), ready for
// the farmer's return signed in. The installed app still starts on its cached shell, offline too.
import { readFileSync } from 'node:fs'
import type { Context, Hono } from 'hono'
import type { AppEnv } from './env'
import { APP_FILES_META } from '../../contract/paths'
import {
  appRenderModule,
  inProcessFetch,
  shellParts,
  stylesheetOf,
  withStylesheetInline,
  type SignInRender,
} from './app-render'

/** The sign-in script's file and what it imports, from Vite's manifest of the build. */
interface SignInScript {
  file: string
  imports: string[]
}
const SIGN_IN_ENTRY = 'src/app/sign-in.ts'

function signInScriptOf(distDir: string): SignInScript | null {
  try {
    const manifest = JSON.parse(readFileSync(`${distDir}/.vite/manifest.json`, 'utf8')) as Record<
      string,
      { file: string; imports?: string[] }
    >
    const entry = manifest[SIGN_IN_ENTRY]
    if (!entry) return null
    const imports = (entry.imports ?? []).flatMap((key) => (manifest[key] ? [`/${manifest[key].file}`] : []))
    return { file: `/${entry.file}`, imports }
  } catch {
    return null
  }
}

/** Whether this path is the sign-in page's (its search holds redirectFrom and the error flag). */
export const isSignInPath = (path: string) => path === '/login' || path === '/login/'

export function signInPageRenderer(app: Hono<AppEnv>, distDir: string) {
  const load = appRenderModule(distDir)
  let script: SignInScript | null | undefined

  /** The sign-in page's render for this request, or null (then the app shell is served). */
  return async (c: Context<AppEnv>): Promise<(SignInRender & { script: SignInScript }) | null> => {
    if (c.req.method !== 'GET' || !isSignInPath(c.req.path)) return null
    script ??= signInScriptOf(distDir)
    if (!script) return null
    const { logger } = c.get('deps')
    const module = await load(logger)
    if (!module?.renderSignInPage) return null
    try {
      const url = new URL(c.req.url)
      const render = await module.renderSignInPage(`/login${url.search}`, inProcessFetch(app, c), {
        cookie: c.req.header('cookie') ?? '',
        userAgent: c.req.header('user-agent') ?? '',
        nonce: c.get('secureHeadersNonce'),
      })
      return render && { ...render, script }
    } catch (e) {
      logger.error('sign_in_page.render_failed', { error: String(e), stack: (e as Error)?.stack })
      return null
    }
  }
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!)

/**
 * The app shell made the sign-in page: the render in `#root`, the page's title, the stylesheet
 * inline, the sign-in script instead of the app's entry, and the app's files to fetch at idle.
 */
export function signInPage(
  shell: string,
  render: SignInRender & { script: SignInScript },
  css: string,
  nonce: string | undefined,
): string | null {
  const parts = shellParts(shell)
  const stylesheet = stylesheetOf(shell)
  if (!parts) return null
  const module = (src: string) => `<link rel="modulepreload" crossorigin href="${src}">`
  // The app's files, for the script to prefetch once the page is idle (as links in the page, the
  // browser could start them before the first paint).
  const app = [parts.entry, ...parts.preloads, ...(stylesheet ? [stylesheet] : [])].filter(
    (src) => !render.script.imports.includes(src),
  )
  const head = [
    `<script type="module" crossorigin src="${render.script.file}"></script>`,
    ...render.script.imports.map(module),
    `<meta name="${APP_FILES_META}" content="${escapeHtml(app.join(' '))}">`,
  ].join('\n    ')
  return withStylesheetInline(parts.page, css, nonce)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(render.title)}</title>`)
    .replace('</head>', () => `  ${head}\n  </head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${render.html}</div>`)
}
