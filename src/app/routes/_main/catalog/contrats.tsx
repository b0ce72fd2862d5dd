// spec: main.catalog.contrats — Contrats.
import { createFileRoute } from '@tanstack/react-router'
import { contratsQueryOptions } from '../../../../api/contrats'
import { ContractsPage } from '../../../features/contracts/contracts-page'
import { loadQuery } from '../../../query-loader'

export const Route = createFileRoute('/_main/catalog/contrats')({
  staticData: { title: 'Contrats' },
  loader: ({ context: { queryClient, numTiers } }) => loadQuery(queryClient, contratsQueryOptions(numTiers)),
  component: ContratsRoute,
})

function ContratsRoute() {
  const { numTiers } = Route.useRouteContext()
  return <ContractsPage numTiers={numTiers} />
}
