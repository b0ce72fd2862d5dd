import { queryOptions } from '@tanstack/react-query'
import { request } from './http-client'
import { Livraisons, livraisonsPath } from './contract/livraisons'

/** One 3-month window; no dateFin: the one ending today. */
export const fetchLivraisons = (numTiers: string, dateFin?: string) => request(livraisonsPath(numTiers), Livraisons, { query: { dateFin } })

export const livraisonsQueryOptions = (numTiers: string, dateFin?: string) =>
  queryOptions({ queryKey: ['livraisons', numTiers, dateFin ?? 'dernieres'], queryFn: () => fetchLivraisons(numTiers, dateFin), staleTime: 5 * 60_000 })
