// The logo the app's pages show, inlined in the bundle as a data URL: it shows with no network even
// in a browser that refuses service workers, where a request for /favicon.svg fails once the
// network is cut and the image was broken (issue 51). The one file stays public/favicon.svg (the
// tab's icon, the server's pages).
// As text, not base64 (Vite's ?inline): it is in every server-rendered Historique, whose bytes on
// a weak link count (issue 50), and base64 hides the markup from compression (1.9 → 0.7 KB).
import svg from '../../../public/favicon.svg?raw'

/** The file without its comments and the spaces between tags, in single quotes (the attribute's
 * own are double), with what a URL cannot hold as is escaped. */
const minified = svg
  .replace(/<!--[\s\S]*?-->/g, '')
  .replace(/>\s+</g, '><')
  .trim()
  .replace(/"/g, "'")

export const LOGO_SRC = `data:image/svg+xml,${minified.replace(/[<>#%\s]/g, (ch) => (ch === ' ' ? ' ' : encodeURIComponent(ch)))}`
