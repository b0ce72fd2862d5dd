// Debian's Chromium as every browser test and bench launches it (STACK.md): no sandbox (CI runs
// as root), no GPU, no QUIC, no first-run or background traffic that would blur a figure.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** Playwright's launch options for it. */
export const chromiumLaunch = { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] }
