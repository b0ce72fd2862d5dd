// spec: main.catalog.aliments — the orderable feeds grouped by department label, without the
// sub-type SU and type GSU articles (src/domain feedList).
import { useQuery } from '@tanstack/react-query'
import { articlesQueryOptions } from '../../../api/articles'
import { referentielQueryOptions } from '../../../api/referentiel'
import { feedList, isOrderableArticle } from '../../../domain/articles'
import { EmptyState, PageHeading } from '../../ui/page-heading'
import { OfflineNotice } from '../../ui/offline-notice'
import { OrderFormNote, OrderLineButton } from '../../ui/order-line-button'
import { QueryStatus } from '../../ui/query-status'

export function FeedsPage({ numTiers }: { numTiers: string }) {
  const query = useQuery(articlesQueryOptions(numTiers))
  const departements = useQuery(referentielQueryOptions(numTiers)).data?.departements ?? []
  const groups = feedList(query.data ?? [], departements)
  return (
    <>
      <PageHeading>Aliments</PageHeading>
      <OfflineNotice dataUpdatedAt={query.dataUpdatedAt} failed={query.isRefetchError} />
      <QueryStatus query={query}>
        {groups.length === 0 ? (
          <EmptyState>Actuellement, vous ne pouvez commander aucun aliment via ce site internet.</EmptyState>
        ) : (
          <>
            <OrderFormNote />
            {/* One column the screen's width (grid-cols-1, not a column as wide as the longest
                word): "engraissement" at 200 % breaks in its card, the page does not scroll sideways. */}
            <div className="grid grid-cols-1 gap-6">
              {groups.map((g) => (
                <section key={g.code || 'autres'} aria-labelledby={`dep-${g.code || 'autres'}`}>
                  <h2 id={`dep-${g.code || 'autres'}`} className="mb-2 text-xl font-bold">
                    {g.libelle}
                  </h2>
                  <ul className="grid grid-cols-1 gap-2 lg:grid-cols-2">
                    {g.articles.map((a) => (
                      <li
                        key={a.numArticle}
                        className="flex flex-wrap items-center justify-between gap-3 rounded-xl border-2 border-neutral-300 bg-white px-4 py-3"
                      >
                        {/* On a 320px screen or with large text the button goes under the name. */}
                        <div className="min-w-0 flex-1 basis-[12rem]">
                          <p className="text-lg font-semibold">{a.libelle ?? a.numArticle}</p>
                          <p className="text-base text-neutral-800">Article {a.numArticle}</p>
                        </div>
                        <OrderLineButton
                          label="Commander"
                          target={a}
                          reason={isOrderableArticle(a) ? null : 'Article non commandable'}
                        />
                      </li>
                    ))}
                  </ul>
                </section>
              ))}
            </div>
          </>
        )}
      </QueryStatus>
    </>
  )
}
