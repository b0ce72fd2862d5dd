// spec: main.catalog.aliments — Aliments: feed list.
import { createFileRoute } from '@tanstack/react-router'
import { articlesQueryOptions } from '../../../../api/articles'
import { FeedsPage } from '../../../features/feeds/feeds-page'
import { loadQuery } from '../../../query-loader'

export const Route = createFileRoute('/_main/catalog/aliments')({
  staticData: { title: 'Aliments' },
  loader: ({ context: { queryClient, numTiers } }) => loadQuery(queryClient, articlesQueryOptions(numTiers)),
  component: AlimentsRoute,
})

function AlimentsRoute() {
  const { numTiers } = Route.useRouteContext()
  return <FeedsPage numTiers={numTiers} />
}
