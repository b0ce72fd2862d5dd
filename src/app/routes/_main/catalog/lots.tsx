// spec: main.catalog.lots — Lots & plans. Query: numExploitation, numBatiment, numLot.
import { createFileRoute } from '@tanstack/react-router'
import { batimentsQueryOptions, exploitationsQueryOptions } from '../../../../api/exploitations'
import { lotsQueryOptions } from '../../../../api/lots'
import { LotsPage } from '../../../features/lots/lots-page'
import { loadQuery } from '../../../query-loader'
import { REGLES } from '../../../../contract/identifiants'
import { optionalId, optionalIdentifiant } from '../../-search'

export interface LotsSearch {
  numExploitation?: string
  numBatiment?: string
  numLot?: string
}

export const Route = createFileRoute('/_main/catalog/lots')({
  staticData: { title: 'Lots & plans' },
  // A lot is shown only when the whole path to it is known; a building without its exploitation
  // (or a lot without its building) means nothing, so it is dropped.
  validateSearch: (s: Record<string, unknown>): LotsSearch => {
    const numExploitation = optionalId(s.numExploitation)
    const numBatiment = numExploitation ? optionalId(s.numBatiment) : undefined
    const numLot = numBatiment ? optionalIdentifiant(s.numLot, REGLES.numLot) : undefined
    return { numExploitation, numBatiment, numLot }
  },
  loader: ({ context: { queryClient, numTiers } }) =>
    Promise.all([
      loadQuery(queryClient, lotsQueryOptions(numTiers)),
      loadQuery(queryClient, exploitationsQueryOptions(numTiers)),
      loadQuery(queryClient, batimentsQueryOptions(numTiers)),
    ]),
  component: LotsRoute,
})

function LotsRoute() {
  const { numTiers, user } = Route.useRouteContext()
  return <LotsPage {...Route.useSearch()} owner={user.username} numTiers={numTiers} />
}
