import { queryOptions } from '@tanstack/react-query'
import { request } from './http-client'
import { Livraisons, livraisonsPageQuery, livraisonsPath, type LivraisonsPage } from './contract/livraisons'

/** A page of the delivery history (LIVRAISONS_PAGE lines); no start: the newest lines of the
 * window ending today, the page the server announces with the first screen. */
export const fetchLivraisons = (numTiers: string, page: LivraisonsPage = {}) =>
  request(livraisonsPath(numTiers), Livraisons, { query: livraisonsPageQuery(page) })

export const livraisonsQueryOptions = (numTiers: string, page: LivraisonsPage = {}) =>
  queryOptions({
    queryKey: ['livraisons', numTiers, page.dateFin ?? 'dernieres', page.apres ?? 'debut'],
    queryFn: () => fetchLivraisons(numTiers, page),
    staleTime: 5 * 60_000,
  })
