import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { request } from './http-client'
import { Tiers, tiersPath } from '../contract/tiers'

const fetchTiers = (numTiers: string) => request(tiersPath(numTiers), Tiers)

export const tiersQueryOptions = (numTiers: string) =>
  queryOptions({
    queryKey: ['tiers', numTiers],
    queryFn: () => fetchTiers(numTiers),
    staleTime: 5 * 60_000,
    meta: { errorDialog: false },
  })

/** The customer's typeTiers, which the catalog calls send (ordering-area §7): from the customer as
 * already known (the access check loads it first), fetched only when it is not. */
export const typeTiersOf = async (client: QueryClient, numTiers: string): Promise<string> =>
  (await client.ensureQueryData(tiersQueryOptions(numTiers))).typeTiers
