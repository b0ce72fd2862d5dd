import { queryOptions } from '@tanstack/react-query'
import { request } from './http-client'
import { IncidentPaiement, incidentPaiementPath, ReglementTiers, reglementTiersPath } from './contract/paiement'

export const fetchIncidentPaiement = (numTiers: string) =>
  request(incidentPaiementPath(numTiers), IncidentPaiement, { query: { numEntite: 'AGR' } })

export const incidentPaiementQueryOptions = (numTiers: string) =>
  queryOptions({ queryKey: ['incident-paiement', numTiers], queryFn: () => fetchIncidentPaiement(numTiers), staleTime: 5 * 60_000, meta: { errorDialog: false } })

export const reglementTiersQueryOptions = (numTiers: string) =>
  queryOptions({
    queryKey: ['reglement-tiers', numTiers],
    queryFn: () => request(reglementTiersPath(numTiers), ReglementTiers, { query: { numEntite: 'AGR' } }),
    staleTime: 10 * 60_000,
  })
