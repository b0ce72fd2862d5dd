// Serves the built app: hashed assets cached for a year, index.html, sw.js and the manifest
// revalidated at every load (so an update reaches the phone), and the SPA fallback for deep links.
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { relative } from 'node:path'
import type { Hono } from 'hono'
import { serveStatic } from '@hono/node-server/serve-static'
import type { AppEnv } from './env'
import { precompressedFiles } from './precompressed'

const API_PREFIXES = ['/web/', '/public/', '/security/', '/api/']

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
    if (p === '/sw.js' || p === '/index.html' || p.endsWith('.webmanifest') || p === '/') c.header('Cache-Control', 'no-cache')
  })
  // The build's brotli or gzip copy when the browser takes it (Vary: Accept-Encoding), else the file.
  const precompressed = precompressedFiles(distDir)
  app.use('*', async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next()
    const path = c.req.path === '/' ? '/index.html' : c.req.path
    if (API_PREFIXES.some((prefix) => path.startsWith(prefix))) return next()
    return (await precompressed.respond(c, path)) ?? next()
  })
  app.use('*', serveStatic({ root }))

  // Deep links (/catalog/lots, /login…) get the app shell; API paths keep their own 404.
  let indexHtml: string | null = null
  app.get('*', async (c, next) => {
    if (API_PREFIXES.some((prefix) => c.req.path.startsWith(prefix)) || /\.[a-z0-9]+$/i.test(c.req.path)) return next()
    const compressed = await precompressed.respond(c, '/index.html', { 'Cache-Control': 'no-cache' })
    if (compressed) return compressed
    indexHtml ??= await readFile(`${distDir}/index.html`, 'utf8')
    c.header('Cache-Control', 'no-cache')
    return c.html(indexHtml)
  })
}
