// spec: main.catalog.contrats — future contracts ('Contrats à venir') then current ones.
import { useQuery } from '@tanstack/react-query'
import { contratsQueryOptions } from '../../../api/contrats'
import { groupContracts, LIBELLE_CONTRATS_FUTURS } from '../../../domain/contracts'
import { EmptyState, PageHeading } from '../../ui/page-heading'
import { OfflineNotice } from '../../ui/offline-notice'
import { parisNow } from '../../ui/now'
import { QueryStatus } from '../../ui/query-status'
import { ContractCard } from './contract-card'

export function ContractsPage({ numTiers }: { numTiers: string }) {
  const query = useQuery(contratsQueryOptions(numTiers))
  const now = parisNow()
  const { futurs, enCours } = groupContracts(query.data ?? [])
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
                <ul className="grid gap-3 lg:grid-cols-2">
                  {futurs.map((c) => (
                    <ContractCard key={c.numContrat} contrat={c} now={now} />
                  ))}
                </ul>
              </section>
            )}
            {enCours.length > 0 && (
              <section aria-labelledby="contrats-en-cours">
                <h2 id="contrats-en-cours" className="mb-2 text-xl font-bold">
                  Contrats en cours
                </h2>
                <ul className="grid gap-3 lg:grid-cols-2">
                  {enCours.map((c) => (
                    <ContractCard key={c.numContrat} contrat={c} now={now} />
                  ))}
                </ul>
              </section>
            )}
          </>
        )}
      </QueryStatus>
    </>
  )
}
