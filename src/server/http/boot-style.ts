// The built index.html's own <style> (the static shell painted before any file arrives, #boot):
// inline, in a file the service worker precaches and serves offline, so it cannot carry a
// response's nonce. The Content-Security-Policy allows it by its SHA-256, read from the build that
// is served (Vite minifies it: the source's hash would not match). The stylesheets the server
// inlines itself carry the response's nonce instead (app-render.ts, auth/sign-in-page.ts), but for
// the rendered Historique's, allowed by their hashes too (served-page.ts).
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/** The CSP source that allows an inline element whose text is `text` ('sha256-…'). */
export const cspHash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

/** The CSP sources of every inline <style> element of `html`. */
export function inlineStyleHashes(html: string): string[] {
  return [...html.matchAll(/<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/gi)].map((m) => cspHash(m[1]!))
}

/** Those of the build's index.html; none without a build (tests, the API alone). */
export function bootStyleHashes(distDir: string): string[] {
  try {
    return [...new Set(inlineStyleHashes(readFileSync(join(distDir, 'index.html'), 'utf8')))]
  } catch {
    return []
  }
}
