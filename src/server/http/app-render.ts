// The app's server render (src/app/server-render.tsx, built by Vite into `<dist>-ssr/`): loaded
// from the build, never from the sources (the server keeps to its side of the map), and the
// app shell's parts its pages are made of. Without that build (a dist made by an older Silo) the
// pages it renders are not: the shell is served as before.
import { existsSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import type { Context, Hono } from 'hono'
import type { AppEnv } from './env'
import type { Logger } from '../logger'

/** What the app's render gives (src/app/server-render.tsx's FirstScreen and SignInPage). */
export interface FirstScreen {
  html: string
  state: unknown
  /** Markup put into the page after the server made it (the offline notice the service worker
   * writes): the cut of the inline stylesheet keeps its rules. Absent from an older build. */
  later?: string
}
export interface SignInRender {
  html: string
  title: string
}
export type InProcessFetch = (path: string, init: RequestInit) => Promise<Response>
interface RenderModule {
  renderFirstScreen(
    href: string,
    fetchInProcess: InProcessFetch,
    nonce?: string,
    cookie?: string,
  ): Promise<FirstScreen | null>
  renderSignInPage(
    href: string,
    fetchInProcess: InProcessFetch,
    request: { cookie: string; userAgent: string; nonce?: string },
  ): Promise<SignInRender | null>
}

/** The render module of this build, loaded once (null without it, or when it fails to load). */
export function appRenderModule(distDir: string) {
  const file = `${distDir.replace(/\/$/, '')}-ssr/server-render.js`
  let loaded: Promise<RenderModule | null> | null = null
  return (logger: Logger) =>
    (loaded ??= existsSync(file)
      ? (import(pathToFileURL(file).href) as Promise<RenderModule>).catch((e: unknown) => {
          logger.error('first_screen.load_failed', { file, error: String(e) })
          return null
        })
      : Promise.resolve(null))
}

/** What the page's request carries into each of the render's reads: who asks, and from where. */
const FORWARDED = ['cookie', 'user-agent', 'x-forwarded-for', 'accept-language']

/** The app's reads during a render, answered by this server with the page request's session. */
export const inProcessFetch =
  (app: Hono<AppEnv>, c: Context<AppEnv>): InProcessFetch =>
  async (path, init) => {
    const headers = new Headers(init.headers)
    for (const name of FORWARDED) {
      const value = c.req.header(name)
      if (value) headers.set(name, value)
    }
    return app.request(path, { ...init, headers }, c.env)
  }

/** The app shell's parts a rendered page is made of, or null for a shell not recognised. */
export interface ShellParts {
  /** The shell without its static skeleton (#boot and its script), its entry and its preloads. */
  page: string
  entry: string
  preloads: string[]
}

export function shellParts(shell: string): ShellParts | null {
  const withoutBoot = shell
    .replace(/<div id="boot"[\s\S]*?<\/div>\s*<\/div>\s*<\/div>\s*(?=<!--)/, '')
    .replace(/<script>if\(location\.pathname[^<]*<\/script>\s*/, '')
    // …and the comments that told of them.
    .replace(/<!-- (Painted before any JavaScript|The one inline script)[\s\S]*?-->\s*/g, '')
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(withoutBoot)
  if (withoutBoot === shell || !entry || !withoutBoot.includes('<div id="root"></div>')) return null
  const preloads = [...withoutBoot.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)]
  let page = withoutBoot.replace(entry[0], '')
  for (const link of preloads) page = page.replace(link[0], '')
  return { page, entry: entry[1]!, preloads: preloads.map((l) => l[1]!) }
}

const STYLESHEET_PRELOAD = /<link rel="preload" as="style"(?: crossorigin)? href="([^"]+\.css)" data-app-stylesheet>/

/** The stylesheet's path in the app shell (its preload), to inline it in a rendered page. */
export const stylesheetOf = (shell: string): string | null => STYLESHEET_PRELOAD.exec(shell)?.[1] ?? null

/** The page with the app's stylesheet inline in place of its preload: nothing to ask before the first
 * paint. It carries the response's nonce: the Content-Security-Policy allows no other inline style. */
export const withStylesheetInline = (page: string, css: string, nonce: string | undefined) =>
  page.replace(
    STYLESHEET_PRELOAD,
    () =>
      `<style data-app-stylesheet${nonce ? ` nonce="${nonce}"` : ''}>${css.replace(/<\/style/gi, '<\\/style')}</style>`,
  )
