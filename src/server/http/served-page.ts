// A server-rendered page as served (issue 50, item 5): the same bytes for every response of its
// render, so that they are compressed once, and as tightly as brotli can. A first visit on a weak
// link pays one more round trip for each window of TCP's slow start the page overflows (14.6 KB
// at first), before anything is painted: the Historique was 18.6 KB on the wire (gzip, made again
// for each response because each carried its own CSP nonce), 2 windows.
// Without a nonce, its inline script and stylesheet are allowed by their SHA-256 instead, which
// this response's Content-Security-Policy adds (withPageSources): the policy stays as strict.
import { promisify } from 'node:util'
import { brotliCompress, constants, gzipSync } from 'node:zlib'
import type { Context, MiddlewareHandler } from 'hono'
import type { AppEnv } from './env'
import { acceptedEncodings } from './precompressed'
import { cspHash, inlineStyleHashes } from './boot-style'

/** What the response's Content-Security-Policy must allow of the page's inline elements. */
export interface PageSources {
  scripts: string[]
  styles: string[]
}

export interface ServedPage extends PageSources {
  html: string
  /** Dense at first; the densest once made in the background, for a page served again. */
  brotli: Buffer
  /** Made when a client first asks for it (every browser takes brotli). */
  gzip(): Buffer
}

/** The sources of the page's inline scripts (not its data blocks, which never run) and styles. */
export function inlineSources(html: string): PageSources {
  const scripts: string[] = []
  for (const m of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attributes = m[1] ?? ''
    if (/\ssrc=/i.test(attributes) || /\stype="application\/json"/i.test(attributes)) continue
    scripts.push(cspHash(m[2]!))
  }
  return { scripts: [...new Set(scripts)], styles: [...new Set(inlineStyleHashes(html))] }
}

const brotli = promisify(brotliCompress)
const brotliAt = (html: string, quality: number) =>
  brotli(html, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html),
    },
  })

// Off the event loop, both. For the Historique of 100001 (70 KB): quality 5 gives 14.0 KB in 2 ms,
// 10 gives 13.0 KB in 24 ms, 11 gives 12.8 KB in 74 ms (gzip: 14.7 KB). With its headers, the page
// fits TCP's first window (14.6 KB) from quality 10 on.
/** For the response that made a kept render: dense, at the cost of a fraction of the render's time. */
const FIRST_QUALITY = 10
/** The densest, for the responses after it. */
const KEPT_QUALITY = 11
/** For a page served once (a render not kept: an adviser's member outside their portfolio…). */
const ONCE_QUALITY = 5

/** The page compressed for serving; `kept` for a page served again (its densest brotli is then
 * made in the background, for the next responses). */
export async function servedPage(html: string, { kept }: { kept: boolean }): Promise<ServedPage> {
  let gzip: Buffer | undefined
  const page: ServedPage = {
    html,
    ...inlineSources(html),
    brotli: await brotliAt(html, kept ? FIRST_QUALITY : ONCE_QUALITY),
    gzip: () => (gzip ??= gzipSync(html, { level: 9 })),
  }
  if (kept)
    brotliAt(html, KEPT_QUALITY).then(
      (densest) => (page.brotli = densest),
      () => undefined, // the first one stays
    )
  return page
}

/** The response for `page`, in the best encoding the request accepts; its policy allows the
 * page's inline elements (withPageSources). */
export function respondWithPage(c: Context<AppEnv>, page: ServedPage, headers: Record<string, string>): Response {
  c.set('pageSources', { scripts: page.scripts, styles: page.styles })
  const encoding = acceptedEncodings(c.req.header('accept-encoding'))[0]
  const body = encoding === 'br' ? page.brotli : encoding === 'gzip' ? page.gzip() : Buffer.from(page.html)
  return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(body), {
    headers: {
      ...headers,
      'Content-Type': 'text/html; charset=UTF-8',
      'Content-Length': String(body.length),
      ...(encoding ? { 'Content-Encoding': encoding } : {}),
      Vary: headers.Vary ? `${headers.Vary}, Accept-Encoding` : 'Accept-Encoding',
    },
  })
}

/** Gives a served page's response the policy's inline sources of its own: its scripts' and styles'
 * hashes in place of the response's nonce and the static shell's hashes, which it does not use.
 * Registered before secureHeaders, so that it runs after it has set the policy. */
export const withPageSources: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next()
  const sources = c.get('pageSources')
  const policy = c.res.headers.get('Content-Security-Policy')
  if (!sources || !policy) return
  const own = { 'script-src': sources.scripts, 'style-src': sources.styles }
  c.res.headers.set(
    'Content-Security-Policy',
    policy.replace(/(script-src|style-src)\s[^;]*/g, (_, name: 'script-src' | 'style-src') =>
      [name, "'self'", ...own[name]].join(' '),
    ),
  )
}
