import { queryOptions } from '@tanstack/react-query'
import { request } from './http-client'
import {
  Livraisons,
  LIVRAISONS_LIMITE_MAX,
  livraisonsPageQuery,
  livraisonsPath,
  type LivraisonsPage,
} from './contract/livraisons'

/** A page of the delivery history (LIVRAISONS_PAGE lines); no start: the newest lines of the
 * window ending today, the page the server announces with the first screen. */
const fetchLivraisons = (numTiers: string, page: LivraisonsPage = {}) =>
  request(livraisonsPath(numTiers), Livraisons, { query: livraisonsPageQuery(page) })

export const livraisonsQueryOptions = (numTiers: string, page: LivraisonsPage = {}) =>
  queryOptions({
    queryKey: ['livraisons', numTiers, page.dateFin ?? 'dernieres', page.apres ?? 'debut'],
    queryFn: () => fetchLivraisons(numTiers, page),
    staleTime: 5 * 60_000,
  })

/** The newest lines of the window ending today, as many as a page may hold: what the feed
 * forecasts read (a feed delivered regularly needs more than the 12 lines a phone shows). */
export const recentLivraisonsQueryOptions = (numTiers: string) =>
  queryOptions({
    queryKey: ['livraisons', numTiers, 'recentes'],
    queryFn: () => request(livraisonsPath(numTiers), Livraisons, { query: { limite: LIVRAISONS_LIMITE_MAX } }),
    staleTime: 5 * 60_000,
  })
