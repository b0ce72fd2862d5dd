// spec: main.infos.commandesEnCours — Commandes internet: current orders with the Etape/Date sort
// ('Tier par'), the history with 'Afficher plus de commandes', or one order's detail.
import { useState } from 'react'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import {
  commandeQueryOptions,
  commandesEnCoursQueryOptions,
  commandesHistoriqueQueryOptions,
} from '../../../api/commandes'
import { LIBELLE_TRI, sortOrders, TRI_DATE, TRI_ETAPE } from '../../../domain/orders'
import { HelpButton } from '../../ui/help-button'
import { parisNow } from '../../ui/now'
import { OfflineNotice } from '../../ui/offline-notice'
import { PageHeading } from '../../ui/page-heading'
import { QueryStatus } from '../../ui/query-status'
import { OrderDetail } from './order-detail'
import { OrderList } from './order-list'
import { MoreButton } from '../../ui/more-button'
import { useUncountedOrders } from '../../ui/use-uncounted-orders'

function Detail({ numTiers, numero }: { numTiers: string; numero: string }) {
  const query = useQuery(commandeQueryOptions(numTiers, numero))
  return (
    <>
      <OfflineNotice dataUpdatedAt={query.dataUpdatedAt} failed={query.isRefetchError} />
      <QueryStatus query={query}>{query.data && <OrderDetail commande={query.data} numTiers={numTiers} />}</QueryStatus>
    </>
  )
}

function Lists({ numTiers }: { numTiers: string }) {
  const [tri, setTri] = useState(TRI_ETAPE)
  const enCours = useInfiniteQuery(commandesEnCoursQueryOptions(numTiers))
  // An order this device sent since the list was read: the list is read again, at once.
  const { user } = useRouteContext({ from: '/_main' })
  useUncountedOrders(user.username, numTiers, enCours.dataUpdatedAt, commandesEnCoursQueryOptions(numTiers).queryKey)
  const courantes = enCours.data?.pages.flat() ?? []
  const historique = useInfiniteQuery(commandesHistoriqueQueryOptions(numTiers, parisNow()))
  const passees = historique.data?.pages.flatMap((p) => p.commandes) ?? []
  return (
    <>
      <OfflineNotice dataUpdatedAt={enCours.dataUpdatedAt} failed={enCours.isRefetchError} />
      <section aria-labelledby="en-cours" className="mb-8">
        <div className="mb-2 flex flex-wrap items-end justify-between gap-3">
          <h2 id="en-cours" className="text-xl font-bold">
            Commandes en cours
          </h2>
          <label className="grid gap-1 text-base font-semibold">
            {LIBELLE_TRI}
            <select
              value={tri}
              onChange={(e) => setTri(Number(e.target.value))}
              className="touch-target rounded-lg border-2 border-neutral-700 bg-white px-3 font-normal"
            >
              <option value={TRI_ETAPE}>Etape</option>
              <option value={TRI_DATE}>Date</option>
            </select>
          </label>
        </div>
        <QueryStatus query={enCours}>
          <OrderList
            commandes={sortOrders(courantes, tri)}
            empty="Aucune commande en cours."
            caption="Commandes en cours"
          />
          {/* Shown only when more current orders than one page exist (a long history). */}
          {enCours.hasNextPage && (
            <MoreButton
              onClick={() => void enCours.fetchNextPage()}
              loading={enCours.isFetchingNextPage}
              failed={enCours.isFetchNextPageError}
              older="les autres commandes en cours"
            >
              Afficher plus de commandes en cours
            </MoreButton>
          )}
        </QueryStatus>
      </section>
      <section aria-labelledby="historique">
        <h2 id="historique" className="mb-2 text-xl font-bold">
          Historique des commandes
        </h2>
        <QueryStatus query={historique}>
          <OrderList
            commandes={passees}
            // Nothing in these windows but older orders exist: no "nothing" text, the button leads there.
            empty={historique.hasNextPage ? undefined : "Aucune commande dans l'historique pour ces dates."}
            caption="Historique des commandes"
          />
          <MoreButton
            onClick={() => void historique.fetchNextPage()}
            loading={historique.isFetchingNextPage}
            disabled={!historique.hasNextPage}
            failed={historique.isFetchNextPageError}
            older="les commandes plus anciennes"
          >
            Afficher plus de commandes
          </MoreButton>
        </QueryStatus>
      </section>
    </>
  )
}

export function OrdersPage({ numTiers, numero }: { numTiers: string; numero?: string }) {
  return (
    <>
      <PageHeading actions={<HelpButton cle="COMMANDE" label="Aide : vos commandes" />}>Commandes internet</PageHeading>
      {numero ? <Detail numTiers={numTiers} numero={numero} /> : <Lists numTiers={numTiers} />}
    </>
  )
}
