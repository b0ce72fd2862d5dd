// "Afficher plus de livraisons" as the spec pages the history (ordering-area §9): on a phone 12
// lines at a time; on a tablet or a computer whole 3-month windows (the rest of a window follows
// by itself, the first one included). A window with nothing in it is not a page to tap through:
// once the farmer asked for more, windows follow one another until lines come or the history's
// start (2020-11-01) is reached. A failed load stops the chain (offline: the screen says why).
import { useEffect, useState } from 'react'
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query'
import type { LigneLivraison, Livraisons } from '../../../contract/livraisons'
import { PHONE, useMediaOrUnknown } from '../../ui/use-media'

type HistoryQuery = UseInfiniteQueryResult<InfiniteData<Livraisons>>

/** `shown`: whether a line is on screen (the address filter): a window with none counts as empty. */
export function useHistoryMore(query: HistoryQuery, shown: (l: LigneLivraison) => boolean) {
  // Unknown while the server's page hydrates: the rest of a window is fetched once the screen is known.
  const phone = useMediaOrUnknown(PHONE)
  // The number of pages there were when the farmer asked for more; null when not asking.
  const [askedAt, setAskedAt] = useState<number | null>(null)
  const pages = query.data?.pages ?? []
  const windowGoesOn = Boolean(pages.at(-1)?.suite)
  const found = askedAt !== null && pages.slice(askedAt).some((p) => p.lignes.some(shown))
  const busy = query.isFetching || query.isFetchNextPageError || query.isRefetchError
  const next =
    query.hasNextPage &&
    !busy &&
    ((phone === false && windowGoesOn) || (askedAt !== null && !found && pages.length > askedAt))
  const settled =
    askedAt !== null &&
    (!query.hasNextPage || query.isFetchNextPageError || (found && (phone !== false || !windowGoesOn)))

  const { fetchNextPage } = query
  useEffect(() => {
    if (next) void fetchNextPage()
  }, [next, fetchNextPage, pages.length])
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
