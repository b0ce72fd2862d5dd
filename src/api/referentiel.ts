import { queryOptions } from '@tanstack/react-query'
import { request } from './http-client'
import { REFERENTIEL_PATH, Referentiel } from '../contract/referentiel'

const fetchReferentiel = (numTiers: string) => request(REFERENTIEL_PATH, Referentiel, { query: { numTiers } })

export const referentielQueryOptions = (numTiers: string) =>
  queryOptions({
    queryKey: ['referentiel', numTiers],
    queryFn: () => fetchReferentiel(numTiers),
    staleTime: 10 * 60_000,
  })
