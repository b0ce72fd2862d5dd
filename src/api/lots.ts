import { queryOptions } from '@tanstack/react-query'
import { request } from './http-client'
import { Lots, lotsPath } from '../contract/lots'

export const lotsQueryOptions = (numTiers: string) =>
  queryOptions({
    queryKey: ['lots', numTiers],
    queryFn: () => request(lotsPath(numTiers), Lots),
    staleTime: 5 * 60_000,
  })
