import { queryOptions } from '@tanstack/react-query'
import { request } from './http-client'
import { Contrats, contratsPath } from './contract/contrats'
import { CODE_ENTITE } from '../domain/constants'

const fetchContrats = (numTiers: string) =>
  request(contratsPath(numTiers), Contrats, { query: { numEntite: CODE_ENTITE } })

/** Cached 60 s (ordering-area §9). */
export const contratsQueryOptions = (numTiers: string) =>
  queryOptions({ queryKey: ['contrats', numTiers], queryFn: () => fetchContrats(numTiers), staleTime: 60_000 })
