import { queryOptions } from '@tanstack/react-query'
import { request } from './http-client'
import { Contrats, contratsPath, contratsQuery } from '../contract/contrats'
import { typeTiersOf } from './tiers'
import { parisDateOf } from '../domain/paris-clock'

/**
 * Cached 60 s (ordering-area §9). dateValidite is the day the request leaves (in Paris): it is
 * not in the query key, so the contracts read yesterday are still the ones shown offline today,
 * and the service worker keys its copy without it (src/api/cached-reads.ts).
 */
// Today in Paris without luxon nor Intl (domain/paris-clock): the contracts badge is on the first
// screen, which neither must weigh on.
const parisToday = () => parisDateOf(Date.now())

export const contratsQueryOptions = (numTiers: string) =>
  queryOptions({
    queryKey: ['contrats', numTiers],
    queryFn: async ({ client, signal }) =>
      request(contratsPath(numTiers), Contrats, {
        query: contratsQuery(await typeTiersOf(client, numTiers), parisToday()),
        signal,
      }),
    staleTime: 60_000,
  })
