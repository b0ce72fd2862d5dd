// Supported browsers (ordering-area §5): a pure function of the user-agent string.
import { MESSAGES } from './constants'

/** Minimum versions: Chrome 63, Safari 11.1, Firefox 67, Edge 79, Opera 50, Samsung 8.2, iOS 11.3. */
const MINIMUM_VERSIONS = {
  chrome: [63],
  safari: [11, 1],
  firefox: [67],
  edge: [79],
  opera: [50],
  samsung: [8, 2],
  ios: [11, 3],
} as const satisfies Record<string, readonly number[]>
type Browser = keyof typeof MINIMUM_VERSIONS

const version = (s: string | undefined): number[] => (s ?? '').split(/[._]/).map((n) => Number(n) || 0)

/** The browser and version a user agent claims; the order matters (Edge and Opera say Chrome too). */
function detectBrowser(userAgent: unknown): { browser: Browser; version: number[] } | null {
  if (typeof userAgent !== 'string') return null
  const ua = userAgent
  const rules: [Browser, RegExp][] = [
    // Every browser on iOS runs Apple's WebKit: the system version is what counts.
    ['ios', /(?:iPhone|iPad|iPod).*? OS (\d+(?:_\d+)*)/],
    ['edge', /Edg(?:e|A|iOS)?\/(\d+(?:\.\d+)*)/],
    ['opera', /(?:OPR|Opera)\/(\d+(?:\.\d+)*)/],
    ['samsung', /SamsungBrowser\/(\d+(?:\.\d+)*)/],
    ['firefox', /Firefox\/(\d+(?:\.\d+)*)/],
    ['chrome', /(?:HeadlessChrome|Chrome|Chromium|CriOS)\/(\d+(?:\.\d+)*)/],
    ['safari', /Version\/(\d+(?:\.\d+)*).*Safari\//],
  ]
  for (const [browser, re] of rules) {
    const m = re.exec(ua)
    if (m) return { browser, version: version(m[1]) }
  }
  return null
}

const atLeast = (v: readonly number[], min: readonly number[]) => {
  for (let i = 0; i < min.length; i++) {
    const a = v[i] ?? 0
    const b = min[i] ?? 0
    if (a !== b) return a > b
  }
  return true
}

/** Unknown browsers are not supported: the notice is only advice, it does not block. */
export function isSupportedBrowser(userAgent: unknown): boolean {
  const found = detectBrowser(userAgent)
  return found !== null && atLeast(found.version, MINIMUM_VERSIONS[found.browser])
}

/** The notice to show, or null. */
export const browserNotice = (userAgent: unknown): string | null =>
  isSupportedBrowser(userAgent) ? null : MESSAGES.navigateurNonSupporte
