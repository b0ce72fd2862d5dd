// Serves the built app: hashed assets cached for a year, index.html, sw.js and the manifest
// revalidated at every load (so an update reaches the phone), and the SPA fallback for deep links.
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import type { Context, Hono } from 'hono'
import { serveStatic } from '@hono/node-server/serve-static'
import type { AppEnv } from './env'
import { FIRST_SCREEN_CSS, isServerPath } from '../../contract/paths'
import { precompressedFiles } from './precompressed'
import { firstScreenPreload, isHistoryPage, preloadCustomer } from './first-screen-preload'
import { typeTiersOf } from '../services/tiers'
import { readSessionCookie } from '../auth/cookie'
import { firstScreenRenderer, keptFirstScreenPage, type PageStyles } from './first-screen-render'
import { respondWithPage } from './served-page'
import { stylesheetOf } from './app-render'
import { isSignInPath, signInPage, signInPageRenderer } from './sign-in-page'
import { signedInTarget } from '../../contract/redirect-target'

/** A browser's navigation to the history's page (the app's start) with no session cookie at all.
 * A cookie whose session is only idle is the app's to refresh: it goes on to the history. */
const signInFirst = (c: Context<AppEnv>) =>
  !readSessionCookie(c) &&
  c.req.method === 'GET' &&
  c.req.header('sec-fetch-mode') === 'navigate' &&
  isHistoryPage(c.req.path)

export function mountStatic(app: Hono<AppEnv>, distDir: string) {
  if (!existsSync(distDir)) return
  const root = relative(process.cwd(), distDir) || '.'

  app.use('/assets/*', async (c, next) => {
    await next()
    if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable')
  })
  app.use('*', async (c, next) => {
    await next()
    const p = c.req.path
    if ((p === '/sw.js' || p === '/index.html' || p.endsWith('.webmanifest')) && !c.res.headers.has('Cache-Control'))
      c.header('Cache-Control', 'no-cache')
  })
  // The app shell, for `/` and for deep links (/catalog/lots, /login…): with the first screen's
  // reads announced to a signed-in browser (first-screen-preload.ts). Its headers depend on the
  // session, so no shared cache may keep it (private) and a browser's cache keys it by cookie.
  // Served to a signed-in session (the rendered history holds the farmer's data) it is not kept
  // at all (no-store): nothing of it stays in the HTTP cache of a shared device after the logout.
  // The offline start does not need it: the service worker serves its precached index.html.
  const precompressed = precompressedFiles(distDir)
  let indexHtml: string | null = null
  const renderFirstScreen = firstScreenRenderer(app, distDir)
  const renderSignIn = signInPageRenderer(app, distDir)
  // The app's stylesheet, read once, for the sign-in page to carry inline.
  let css: Promise<string | null> | null = null
  const appCss = (shell: string) => {
    const href = stylesheetOf(shell)
    return (css ??= href ? readFile(join(distDir, href), 'utf8').catch(() => null) : Promise.resolve(null))
  }
  // The rendered history carries only the rules its markup can match, built beside the server
  // render (FIRST_SCREEN_CSS); the whole stylesheet follows its paint. A build without that file:
  // the whole one inline, as before.
  let historyStyles: Promise<PageStyles | null> | null = null
  const ssrDir = `${distDir.replace(/\/$/, '')}-ssr`
  const historyCss = (shell: string) =>
    (historyStyles ??= readFile(join(ssrDir, FIRST_SCREEN_CSS), 'utf8').then(
      (first) => ({ css: first, whole: stylesheetOf(shell) }),
      async () => {
        const whole = await appCss(shell)
        return whole === null ? null : { css: whole }
      },
    ))
  const appShell = async (c: Context<AppEnv>) => {
    // Signed in already, the sign-in page is not for them (issue 43, item 11): on to the history,
    // unless a failure sent them here to be told (?error).
    if (c.get('user') && isSignInPath(c.req.path) && c.req.query('error') === undefined) {
      c.header('Cache-Control', 'no-store')
      return c.redirect(signedInTarget(c.req.query('redirectFrom')), 302)
    }
    indexHtml ??= await readFile(`${distDir}/index.html`, 'utf8')
    const privately = {
      'Cache-Control': c.get('user') ? 'no-store' : 'private, no-cache',
      Vary: 'Cookie',
    }
    // The history rendered here, its data in the page: nothing to announce, nothing to wait for.
    const screen = await renderFirstScreen(c)
    const styles = screen && (await historyCss(indexHtml))
    const page = screen && styles && (await keptFirstScreenPage(indexHtml, screen, styles))
    if (page) return respondWithPage(c, page, privately)
    // Nobody signed in opens Silo: the sign-in page at once, as the app would have gone there after
    // loading itself (its /me answered 401), and with the same target to come back to.
    if (signInFirst(c)) {
      const url = new URL(c.req.url)
      const target = `/login?redirectFrom=${encodeURIComponent(url.pathname + url.search)}`
      return c.redirect(target, 302)
    }
    // The sign-in page, whole from the server: no app bundle before sign-in.
    const signIn = await renderSignIn(c)
    const signInCss = signIn && (await appCss(indexHtml))
    const signInHtml =
      signIn && signInCss !== null && signInPage(indexHtml, signIn, signInCss, c.get('secureHeadersNonce'))
    // Never kept either: Back after signing in asks the server again, which sends them on (above).
    if (signInHtml) return c.html(signInHtml, 200, { ...privately, 'Cache-Control': 'no-store' })
    const user = c.get('user')
    const numTiers = preloadCustomer(c.req.path, user)
    const { db, clock } = c.get('deps')
    const typeTiers = numTiers ? await typeTiersOf(db, numTiers).catch(() => null) : null
    const preload = firstScreenPreload(c.req.path, user, { typeTiers, today: clock.now().toISODate()! })
    const headers: Record<string, string> = { ...privately, ...(preload ? { Link: preload } : {}) }
    const compressed = await precompressed.respond(c, '/index.html', headers)
    if (compressed) return compressed
    return c.html(indexHtml, 200, headers)
  }
  app.get('/', appShell)
  // The build's brotli or gzip copy when the browser takes it (Vary: Accept-Encoding), else the file.
  app.use('*', async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next()
    if (isServerPath(c.req.path)) return next()
    return (await precompressed.respond(c, c.req.path)) ?? next()
  })
  app.use('*', serveStatic({ root }))
  // Deep links get the app shell; API paths keep their own 404.
  app.get('*', async (c, next) => {
    if (isServerPath(c.req.path) || /\.[a-z0-9]+$/i.test(c.req.path)) return next()
    return appShell(c)
  })
}
