import { queryOptions } from '@tanstack/react-query'
import { DateTime } from 'luxon'
import { request } from './http-client'
import { Contrats, contratsPath, contratsQuery } from './contract/contrats'
import { ZONE } from '../domain/calendar'
import { typeTiersOf } from './tiers'

/**
 * Cached 60 s (ordering-area §9). dateValidite is the day the request leaves (in Paris): it is
 * not in the query key, so the contracts read yesterday are still the ones shown offline today,
 * and the service worker keys its copy without it (src/api/cached-reads.ts).
 */
export const contratsQueryOptions = (numTiers: string) =>
  queryOptions({
    queryKey: ['contrats', numTiers],
    queryFn: async ({ client, signal }) =>
      request(contratsPath(numTiers), Contrats, {
        query: contratsQuery(await typeTiersOf(client, numTiers), DateTime.now().setZone(ZONE).toISODate()!),
        signal,
      }),
    staleTime: 60_000,
  })
