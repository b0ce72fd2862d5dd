// The page's data block written by the server with the history it rendered (issue 29,
// src/server/http/first-screen-render.ts): the query data that render read, dehydrated.
import type { DehydratedState } from '@tanstack/react-query'

import { EARLY_TAPS_GLOBAL, FIRST_SCREEN_DATA_ID } from '../contract/paths'

/** The route the server renders: the history. */
export const FIRST_SCREEN_ROUTE = '/_main/catalog/order_history'

/** The server's render data, read once (the block then goes), or null on the plain app shell. */
export function takeFirstScreen(): { state: DehydratedState } | null {
  const block = document.getElementById(FIRST_SCREEN_DATA_ID)
  if (!block) return null
  block.remove()
  try {
    const data = JSON.parse(block.textContent ?? '') as { state?: DehydratedState }
    return data.state ? { state: data.state } : null
  } catch {
    return null
  }
}

type EarlyTaps = HTMLButtonElement[] & { stop: () => void }

declare global {
  interface Window {
    /** The buttons tapped before the hydration, kept by the server page's inline script. */
    [EARLY_TAPS_GLOBAL]?: EarlyTaps
  }
}

/** Once the server's page is hydrated: the buttons tapped before, tapped again in their order
 * (one that is gone or disabled by an earlier one is skipped); from now on the app answers. */
export function replayEarlyTaps() {
  const taps = window[EARLY_TAPS_GLOBAL]
  if (!taps) return
  delete window[EARLY_TAPS_GLOBAL]
  taps.stop()
  for (const button of taps) if (button.isConnected && !button.disabled) button.click()
}
