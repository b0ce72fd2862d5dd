// spec: main.catalog.order_history — delivery cards by effective delivery date, the address
// filter, paging by 12 lines (phones) or whole 3-month windows, Ajouter per line, and the duplication mode.
import { lazy, Suspense, useMemo, useState } from 'react'
import { byCharacters } from '../../../domain/compare'
import { Link } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { tiersQueryOptions } from '../../../api/tiers'
import type { LigneLivraison } from '../../../contract/livraisons'
import { formatDate } from '../../../domain/format'
import { EmptyState, PageHeading } from '../../ui/page-heading'
import { OfflineNotice } from '../../ui/offline-notice'
import { OrderFormNote } from '../../ui/order-line-button'
import { QueryStatus } from '../../ui/query-status'
import { AddressFilter, addressLabel } from './address-filter'
import { DuplicationBar } from './duplication-bar'
import { HistoryHelp } from './history-help'
import { historyAddress, HistoryLine, isSelectable, lineKey } from './history-line'
import { OrderAdviceBar } from './order-advice-bar'
import { useHistory } from './use-history'
import { useHistoryMore } from './use-history-more'
import { MoreButton } from '../../ui/more-button'

// Only once lines are chosen: the quick-add brings the delivery-window rules, the cart (Dexie
// writes) and its dialog, none of which the history's first paint needs. Precached for offline.
const loadLauncher = () => import('./quick-add-launcher')
const QuickAddLauncher = lazy(() => loadLauncher().then((m) => ({ default: m.QuickAddLauncher })))

function byDate(lignes: readonly LigneLivraison[]) {
  const groups = new Map<string, LigneLivraison[]>()
  for (const l of lignes) groups.set(l.dateEffectiveLivraison, [...(groups.get(l.dateEffectiveLivraison) ?? []), l])
  return [...groups.entries()].sort(([a], [b]) => byCharacters(b, a))
}

export function HistoryPage({ owner, numTiers }: { owner: string; numTiers: string }) {
  const query = useHistory(owner, numTiers)
  const tiers = useQuery(tiersQueryOptions(numTiers)).data
  const [adresse, setAdresse] = useState('')
  const [duplicating, setDuplicating] = useState(false)
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const [launch, setLaunch] = useState(false)
  const [result, setResult] = useState<string | null>(null)

  const adresses = tiers?.adresses ?? []
  const labels = new Map(adresses.map((a) => [String(a.numAdr), addressLabel(a)]))
  const all = useMemo(() => query.data?.pages.flatMap((p) => p.lignes) ?? [], [query.data])
  // Every page loaded is shown: 12 lines a page on a phone, whole windows elsewhere (use-history-more).
  const shown = (l: LigneLivraison) => !adresse || String(l.numAdresse ?? '') === adresse
  const visible = all.filter(shown)
  const exhausted = !query.hasNextPage

  const { more, loading } = useHistoryMore(query, shown)
  const toggle = (key: string) =>
    setSelected((s) => {
      const next = new Set(s)
      if (!next.delete(key)) next.add(key)
      return next
    })
  const stopDuplicating = () => {
    setDuplicating(false)
    setSelected(new Set())
  }

  return (
    <>
      <PageHeading
        actions={
          !duplicating && all.length > 0 ? (
            <button
              type="button"
              onClick={() => {
                setResult(null)
                setDuplicating(true)
                void loadLauncher().catch(() => undefined)
              }}
              className="touch-target rounded-full bg-silo-green px-5 font-semibold text-white"
            >
              Dupliquer des lignes
            </button>
          ) : null
        }
      >
        Historique
      </PageHeading>
      <OfflineNotice dataUpdatedAt={query.dataUpdatedAt} failed={query.isRefetchError || query.isFetchNextPageError} />
      {result && (
        <p
          role="status"
          className="mb-4 rounded-lg border-2 border-silo-green bg-silo-green/10 px-3 py-2 text-base font-semibold"
        >
          {result}{' '}
          <Link to="/catalog/cart" className="underline">
            Voir mon panier
          </Link>
        </p>
      )}
      {/* Drawn from the first render at a fixed height; the advice (luxon, the forecast rules)
          fills it after the deliveries are on screen, moving nothing below. */}
      <OrderAdviceBar
        owner={owner}
        numTiers={numTiers}
        lignes={all}
        historyUpdatedAt={query.dataUpdatedAt}
        historyPending={query.isLoading}
      />
      <HistoryHelp />
      {!duplicating && (
        <OrderFormNote>Pour recommander des aliments déjà livrés, utilisez « Dupliquer des lignes ».</OrderFormNote>
      )}
      <AddressFilter adresses={adresses} value={adresse} onChange={setAdresse} />
      <QueryStatus query={query}>
        {/* Empty whenever nothing is on screen (ordering-area "Delivery history"), even when older
            windows remain: the button below then offers them. */}
        {visible.length === 0 ? (
          <EmptyState>Aucune livraison à afficher.</EmptyState>
        ) : (
          <div className="grid gap-4">
            {byDate(visible).map(([date, lignes]) => (
              <section
                key={date}
                aria-labelledby={`livr-${date}`}
                className="rounded-xl border-2 border-neutral-300 bg-white px-4 py-3"
              >
                <h2 id={`livr-${date}`} className="text-lg font-bold">
                  Livré le {formatDate(date)}
                </h2>
                <ul>
                  {lignes.map((l) => (
                    <HistoryLine
                      key={lineKey(l)}
                      ligne={l}
                      adresse={historyAddress(l.numAdresse, tiers ? labels : null)}
                      hasLots={tiers?.hasLots ?? false}
                      duplicating={duplicating}
                      selected={selected.has(lineKey(l))}
                      onToggle={() => toggle(lineKey(l))}
                    />
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}
        <div>
          {exhausted ? (
            (visible.length > 0 || (query.data?.pages.length ?? 0) > 1) && (
              // The history's normal end (the spec's words): a quiet note, not an error (issue 43).
              <p className="mt-4 border-t border-neutral-300 pt-3 text-center text-base text-neutral-800">
                Impossible d'afficher plus de livraisons
              </p>
            )
          ) : (
            <MoreButton
              onClick={more}
              loading={loading}
              failed={query.isFetchNextPageError}
              older="les livraisons plus anciennes"
            >
              Afficher plus de livraisons
            </MoreButton>
          )}
        </div>
      </QueryStatus>
      {duplicating && (
        <DuplicationBar count={selected.size} onCancel={stopDuplicating} onValidate={() => setLaunch(true)} />
      )}
      {launch && (
        <Suspense fallback={null}>
          <QuickAddLauncher
            owner={owner}
            numTiers={numTiers}
            lines={all.filter((l) => selected.has(lineKey(l)) && isSelectable(l))}
            onClose={() => setLaunch(false)}
            onResult={(message, added) => {
              setLaunch(false)
              setResult(message)
              if (added) stopDuplicating()
            }}
          />
        </Suspense>
      )}
    </>
  )
}
