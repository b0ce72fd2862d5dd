import { useEffect, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { searchTiers } from '../../../api/tiers-search'
import { shouldSearch } from '../../../domain/admin'

/** cart-orders-admin §9: the member search waits 300 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 300

/**
 * Debounced member search. Each text is its own query; when the text changes, TanStack Query
 * aborts the earlier request through its signal, so a slow old answer never replaces a new one.
 */
export function useMemberSearch(text: string) {
  const [debounced, setDebounced] = useState(text)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(text), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text])
  const q = debounced.trim()
  return useQuery({
    queryKey: ['tiers', 'search', q],
    queryFn: ({ signal }) => searchTiers(q, signal),
    enabled: shouldSearch(q),
    staleTime: 30_000,
    networkMode: 'online',
  })
}
