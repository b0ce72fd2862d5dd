// spec: main.infos.commandesEnCours — Commandes en cours (menu: Commandes internet). Query: numero
// opens that order's detail.
import { createFileRoute } from '@tanstack/react-router'
import { commandesEnCoursQueryOptions } from '../../../api/commandes'
import { OrdersPage } from '../../features/orders/orders-page'
import { loadQuery } from '../../query-loader'
import { optionalId } from '../-search'

export const Route = createFileRoute('/_main/commandes-en-cours')({
  staticData: { title: 'Commandes en cours' },
  validateSearch: (s: Record<string, unknown>): { numero?: string } => ({ numero: optionalId(s.numero) }),
  loader: ({ context: { queryClient, numTiers } }) => loadQuery(queryClient, commandesEnCoursQueryOptions(numTiers)),
  component: CommandesRoute,
})

function CommandesRoute() {
  const { numTiers } = Route.useRouteContext()
  const { numero } = Route.useSearch()
  return <OrdersPage numTiers={numTiers} numero={numero} />
}
