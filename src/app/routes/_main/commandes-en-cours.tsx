// spec: main.infos.commandesEnCours — Commandes en cours (menu: Commandes internet). Query: numero
// opens that order's detail.
import { createFileRoute } from '@tanstack/react-router'
import { commandesEnCoursQueryOptions } from '../../../api/commandes'
import { OrdersPage } from '../../features/orders/orders-page'
import { REGLES } from '../../../contract/identifiants'
import { optionalIdentifiant } from '../-search'

export const Route = createFileRoute('/_main/commandes-en-cours')({
  staticData: { title: 'Commandes en cours' },
  validateSearch: (s: Record<string, unknown>): { numero?: string } => ({
    numero: optionalIdentifiant(s.numero, REGLES.numCommande),
  }),
  // The first page of the current orders; a failed load is the screen's to show, not the router's.
  loader: ({ context: { queryClient, numTiers } }) =>
    queryClient.prefetchInfiniteQuery(commandesEnCoursQueryOptions(numTiers)).catch(() => undefined),
  component: CommandesRoute,
})

function CommandesRoute() {
  const { numTiers } = Route.useRouteContext()
  const { numero } = Route.useSearch()
  return <OrdersPage numTiers={numTiers} numero={numero} />
}
