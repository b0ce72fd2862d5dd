import { useQuery } from '@tanstack/react-query'
import { memberSearchKey, searchTiers } from '../../../api/tiers-search'
import { shouldSearch } from '../../../domain/admin'
import { useDebounced } from '../../ui/use-debounced'

/**
 * Debounced member search (300 ms, ui/use-debounced). Each text is its own query; when the text
 * changes, TanStack Query aborts the earlier request through its signal, so a slow old answer
 * never replaces a new one.
 */
export function useMemberSearch(text: string) {
  const q = useDebounced(text).trim()
  return useQuery({
    queryKey: memberSearchKey(q),
    queryFn: ({ signal }) => searchTiers(q, signal),
    enabled: shouldSearch(q),
    staleTime: 30_000,
    networkMode: 'online',
  })
}
