// spec: main.catalog.lots — the list of lots, or one lot's detail when numLot is in the query.
import { useQuery } from '@tanstack/react-query'
import { useLots } from '../../ui/use-lots'
import { batimentsQueryOptions, exploitationsQueryOptions } from '../../../api/exploitations'
import type { Lot } from '../../../contract/lots'
import { EmptyState, PageHeading } from '../../ui/page-heading'
import { OfflineNotice } from '../../ui/offline-notice'
import { OrderFormNote } from '../../ui/order-line-button'
import { QueryStatus } from '../../ui/query-status'
import { LotDetail } from './lot-detail'
import { LotsList, type LotNames } from './lots-list'

interface Props {
  owner: string
  numTiers: string
  numExploitation?: string
  numBatiment?: string
  numLot?: string
}

export function LotsPage({ owner, numTiers, numExploitation, numBatiment, numLot }: Props) {
  // The server's lots, with the orders still in this device's outbox counted as ordered.
  const { query, lots: withQueued } = useLots(owner, numTiers)
  const exploitations = useQuery(exploitationsQueryOptions(numTiers)).data ?? []
  const batiments = useQuery(batimentsQueryOptions(numTiers)).data ?? []
  const names: LotNames = {
    exploitation: (l: Lot) =>
      exploitations.find((e) => String(e.numExploitation) === String(l.numExploitation))?.libelle ??
      `N° ${l.numExploitation}`,
    batiment: (l: Lot) =>
      batiments.find((b) => String(b.numBatiment) === String(l.numBatiment))?.libelle ?? `N° ${l.numBatiment}`,
  }
  const lots = withQueued ?? []
  const lot = numLot
    ? lots.find(
        (l) =>
          l.numLot === numLot && String(l.numBatiment) === numBatiment && String(l.numExploitation) === numExploitation,
      )
    : undefined

  return (
    <>
      <PageHeading>Lots & plans</PageHeading>
      <OfflineNotice dataUpdatedAt={query.dataUpdatedAt} failed={query.isRefetchError} />
      <QueryStatus query={query}>
        {lot ? (
          <>
            <OrderFormNote />
            <LotDetail lot={lot} exploitation={names.exploitation(lot)} batiment={names.batiment(lot)} />
          </>
        ) : (
          <>
            {numLot && (
              <p role="alert" className="mb-4 text-base font-semibold">
                Le lot {numLot} n'existe pas ou n'est plus suivi.
              </p>
            )}
            {lots.length === 0 ? <EmptyState>Aucun lot.</EmptyState> : <LotsList lots={lots} names={names} />}
          </>
        )}
      </QueryStatus>
    </>
  )
}
