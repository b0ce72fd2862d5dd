import { queryOptions } from '@tanstack/react-query'
import { request } from './http-client'
import { AccesAdherent, accesPath, LienConnexion, lienConnexionPath } from '../contract/acces-adherent'

/** The member's sign-in account and last link, for staff acting for them: always read afresh. */
export const accesQueryOptions = (numTiers: string) =>
  queryOptions({
    queryKey: ['acces-adherent', numTiers],
    queryFn: () => request(accesPath(numTiers), AccesAdherent),
    staleTime: 0,
    networkMode: 'online',
  })

export const sendLienConnexion = (numTiers: string) =>
  request(lienConnexionPath(numTiers), LienConnexion, { method: 'POST', body: {} })
