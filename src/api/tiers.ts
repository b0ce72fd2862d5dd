import { queryOptions } from '@tanstack/react-query'
import { request } from './http-client'
import { Tiers, tiersPath } from './contract/tiers'

const fetchTiers = (numTiers: string) => request(tiersPath(numTiers), Tiers)

export const tiersQueryOptions = (numTiers: string) =>
  queryOptions({
    queryKey: ['tiers', numTiers],
    queryFn: () => fetchTiers(numTiers),
    staleTime: 5 * 60_000,
    meta: { errorDialog: false },
  })
