// spec: main.catalog.order_history — Historique: delivery history.
import { createFileRoute } from '@tanstack/react-router'
import { tiersQueryOptions } from '../../../../api/tiers'
import { historyQueryOptions } from '../../../../api/livraisons'
import { HistoryPage } from '../../../features/history/history-page'
import { loadInfiniteQuery, loadQuery } from '../../../query-loader'

export const Route = createFileRoute('/_main/catalog/order_history')({
  staticData: { title: 'Historique' },
  loader: ({ context: { queryClient, numTiers } }) =>
    Promise.all([
      loadInfiniteQuery(queryClient, historyQueryOptions(queryClient, numTiers)),
      loadQuery(queryClient, tiersQueryOptions(numTiers)),
    ]),
  component: OrderHistoryRoute,
})

function OrderHistoryRoute() {
  const { user, numTiers } = Route.useRouteContext()
  return <HistoryPage owner={user.username} numTiers={numTiers} />
}
