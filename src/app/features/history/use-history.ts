// The delivery history, kept in Dexie so it still shows with no network after the query cache
// was cleared (a new tab, a purge of localStorage). Dexie is loaded only to write that copy once
// the screen is shown and the browser idle, or to read it when the network gave nothing.
import { useEffect, useRef } from 'react'
import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query'
import type { Livraisons } from '../../../contract/livraisons'
import { deliveryPageStarts } from '../../../domain/history-paging'
import { whenIdle } from '../../ui/when-idle'
import { warmDb } from '../../../offline/db-warm'
import { historyKey, historyQueryOptions, type PageParam } from '../../../api/livraisons'
import { askToKeepHistory } from '../../pwa/keep-history'

export function useHistory(owner: string, numTiers: string) {
  const queryClient = useQueryClient()
  const query = useInfiniteQuery(historyQueryOptions(queryClient, numTiers))
  // Keep what the server last sent; a page shown from Dexie is not written back.
  const { data, dataUpdatedAt, isFetching, isError } = query
  useEffect(() => {
    if (!data || isFetching || isError) return
    return whenIdle(() => {
      // Dexie evaluated first in tasks of its own (db-warm), as for the rest of the after-paint work.
      void warmDb()
        .then(() => import('../../../offline/deliveries'))
        .then(({ saveDeliveryPages }) => saveDeliveryPages(owner, numTiers, data.pages, dataUpdatedAt))
        .catch(() => undefined)
    })
  }, [owner, numTiers, data, dataUpdatedAt, isFetching, isError])

  // The first page changed since this screen was shown (the server's page kept by the service
  // worker has only that): the worker keeps the server's page again (pwa/keep-history).
  const firstPage = data?.pages[0]
  const shownFirst = useRef(firstPage)
  useEffect(() => {
    if (!firstPage || isFetching || isError || firstPage === shownFirst.current) return
    const before = shownFirst.current
    shownFirst.current = firstPage
    if (before) return whenIdle(askToKeepHistory)
  }, [firstPage, isFetching, isError])

  // Nothing in the query cache and no answer from the network: fall back to Dexie.
  const noData = data === undefined
  const stuck = isError || query.fetchStatus === 'paused'
  useEffect(() => {
    if (!noData || !stuck) return
    let cancelled = false
    void import('../../../offline/deliveries')
      .then(({ loadDeliveryPages }) => loadDeliveryPages(owner, numTiers))
      .then((saved) => {
        if (cancelled || !saved) return
        // Parsed on read: copies saved before the history was paged by count have `suite` null.
        const pages = saved.pages
        const pageParams: PageParam[] = deliveryPageStarts(pages)
        queryClient.setQueryData<InfiniteData<Livraisons, PageParam>>(
          historyKey(numTiers),
          { pages, pageParams },
          { updatedAt: saved.savedAt },
        )
      })
      .catch(() => undefined)
    return () => {
      cancelled = true
    }
  }, [noData, stuck, owner, numTiers, queryClient])

  return query
}
