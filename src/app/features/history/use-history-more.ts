// "Afficher plus de livraisons" as the spec pages the history (ordering-area §9): on a phone 12
// lines at a time; on a tablet or a computer whole 3-month windows (the rest of a window follows
// by itself, the first one included). A window with nothing in it is not a page to tap through:
// once the farmer asked for more, windows follow one another until lines come or the history's
// start (2020-11-01) is reached. A failed load stops the chain (offline: the screen says why).
import { startTransition, useEffect, useState } from 'react'
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query'
import type { LigneLivraison, Livraisons } from '../../../contract/livraisons'
import { isPhoneScreen, onScreenChange } from '../../ui/use-media'

type HistoryQuery = UseInfiniteQueryResult<InfiniteData<Livraisons>>

// The screen is read when it matters, never as state of the render: the server cannot know it,
// and a state that changes as soon as the server's page is hydrated would render the whole
// history again in one long task (issue 29). Only after a tap, or in an effect, is it read.
const isPhone = isPhoneScreen

/** `shown`: whether a line is on screen (the address filter): a window with none counts as empty. */
export function useHistoryMore(query: HistoryQuery, shown: (l: LigneLivraison) => boolean) {
  // The number of pages there were when the farmer asked for more; null when not asking.
  const [askedAt, setAskedAt] = useState<number | null>(null)
  // Turning the tablet (or resizing the window) counts again, in a transition.
  const [screenChanges, setScreenChanges] = useState(0)
  const pages = query.data?.pages ?? []
  const windowGoesOn = Boolean(pages.at(-1)?.suite)
  const found = askedAt !== null && pages.slice(askedAt).some((p) => p.lignes.some(shown))
  const busy = query.isFetching || query.isFetchNextPageError || query.isRefetchError
  const chaining = askedAt !== null && !found && pages.length > askedAt
  // askedAt is null while the page hydrates: the screen is read only afterwards.
  const settled =
    askedAt !== null && (!query.hasNextPage || query.isFetchNextPageError || (found && (isPhone() || !windowGoesOn)))

  useEffect(() => {
    return onScreenChange(() => startTransition(() => setScreenChanges((n) => n + 1)))
  }, [])
  const { fetchNextPage, hasNextPage } = query
  useEffect(() => {
    if (hasNextPage && !busy && ((!isPhone() && windowGoesOn) || chaining)) void fetchNextPage()
  }, [hasNextPage, busy, windowGoesOn, chaining, fetchNextPage, pages.length, screenChanges])
  useEffect(() => {
    if (settled) setAskedAt(null)
  }, [settled])

  return {
    more: () => {
      setAskedAt(pages.length)
      void query.fetchNextPage()
    },
    loading: query.isFetchingNextPage || (askedAt !== null && !settled),
  }
}
