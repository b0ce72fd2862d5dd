// The page's data block written by the server with the history it rendered (issue 29,
// src/server/http/first-screen-render.ts): the query data that render read, dehydrated.
import type { DehydratedState } from '@tanstack/react-query'

import { EARLY_TAPS_GLOBAL, FIRST_SCREEN_DATA_ID } from '../contract/paths'
import { KEPT_AT_ATTRIBUTE, KEPT_OFFLINE_ATTRIBUTE } from '../offline/kept-history'

/** The route the server renders: the history. */
export const FIRST_SCREEN_ROUTE = '/_main/catalog/order_history'

export interface FirstScreenData {
  state: DehydratedState
  /** The page is the server's page the service worker kept (sw/kept-history.ts): when its data was
   * read from the server (ms); absent on the server's own answer. */
  keptAt?: number
  /** …and the worker served it because the server could not be reached. */
  keptOffline?: boolean
}

/** The server's render data, read once (the block then goes), or null on the plain app shell. */
export function takeFirstScreen(): FirstScreenData | null {
  const block = document.getElementById(FIRST_SCREEN_DATA_ID)
  if (!block) return null
  block.remove()
  try {
    const data = JSON.parse(block.textContent ?? '') as { state?: DehydratedState }
    if (!data.state) return null
    const keptAt = Number(block.getAttribute(KEPT_AT_ATTRIBUTE))
    if (!keptAt) return { state: data.state }
    return { state: data.state, keptAt, keptOffline: block.hasAttribute(KEPT_OFFLINE_ATTRIBUTE) }
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
