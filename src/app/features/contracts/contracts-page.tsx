// spec: main.catalog.contrats — future contracts ('Contrats à venir') then current ones.
import { useQuery } from '@tanstack/react-query'
import { articlesQueryOptions } from '../../../api/articles'
import { contratsQueryOptions } from '../../../api/contrats'
import type { Contrat } from '../../../contract/contrats'
import { isOrderableArticle } from '../../../domain/articles'
import { canDrawOn, groupContracts, LIBELLE_CONTRATS_FUTURS } from '../../../domain/contracts'
import { EmptyState, PageHeading } from '../../ui/page-heading'
import { OfflineNotice } from '../../ui/offline-notice'
import { parisNow } from '../../ui/now'
import { QueryStatus } from '../../ui/query-status'
import { ContractCard } from './contract-card'

export function ContractsPage({ numTiers }: { numTiers: string }) {
  const query = useQuery(contratsQueryOptions(numTiers))
  const now = parisNow()
  const { futurs, enCours } = groupContracts(query.data ?? [])
  // Which articles the customer may order: read before, and offline from the device's copy.
  const articles = useQuery({ ...articlesQueryOptions(numTiers), meta: { errorDialog: false } })
  // Unknown while the articles are not read: the order form and the cooperative decide then.
  const refusal = (c: Contrat) => {
    if (!articles.data) return null
    const article = articles.data.find((a) => a.numArticle === c.numArticle)
    return article && isOrderableArticle(article) ? null : 'Article non commandable'
  }
  const card = (c: Contrat) => (
    <ContractCard key={c.numContrat} contrat={c} now={now} orderable={canDrawOn(c, now)} refusal={refusal(c)} />
  )
  return (
    <>
      <PageHeading>Contrats</PageHeading>
      <OfflineNotice dataUpdatedAt={query.dataUpdatedAt} failed={query.isRefetchError} />
      <QueryStatus query={query}>
        {futurs.length + enCours.length === 0 ? (
          <EmptyState>Aucun contrat.</EmptyState>
        ) : (
          <>
            {futurs.length > 0 && (
              <section aria-labelledby="contrats-futurs" className="mb-6">
                <h2 id="contrats-futurs" className="mb-2 text-xl font-bold">
                  {LIBELLE_CONTRATS_FUTURS}
                </h2>
                <ul className="grid gap-3 lg:grid-cols-2">{futurs.map(card)}</ul>
              </section>
            )}
            {enCours.length > 0 && (
              <section aria-labelledby="contrats-en-cours">
                <h2 id="contrats-en-cours" className="mb-2 text-xl font-bold">
                  Contrats en cours
                </h2>
                <ul className="grid gap-3 lg:grid-cols-2">{enCours.map(card)}</ul>
              </section>
            )}
          </>
        )}
      </QueryStatus>
    </>
  )
}
