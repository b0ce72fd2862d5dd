// "À commander" at the top of Historique (issue 18): the next advised orders, soonest first —
// each lot's next tranche (from its feeding plan) and the feeds delivered regularly (from the
// history) — each with the latest moment to order and a button that opens the order-line form
// with the line filled in. Computed in the browser from cached queries, so it works offline;
// it then says of when its data dates. Loaded apart from the history's first paint (luxon,
// the forecast rules).
import { lazy, Suspense, useCallback, useMemo, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { tiersQueryOptions } from '../../../api/tiers'
import type { LigneLivraison } from '../../../api/contract/livraisons'
import { regularFeeds } from '../../../domain/forecast-regular'
import { formatDate, formatNombre } from '../../../domain/format'
import { regularNeed } from '../../ui/advice-needs'
import { AdviceSentence } from '../../ui/advice-sentence'
import { formatSavedAt } from '../../ui/offline-notice'
import { AdviceOrderButton } from '../../ui/advice-order-button'
import { parisNow } from '../../ui/now'
import { useOnline } from '../../ui/use-online'
import { useOrderAdvice, type Advice, type Need } from '../../ui/use-order-advice'

/** "The next few": enough to plan the week without pushing the deliveries off the screen. */
const SHOWN = 4
const LotNeeds = lazy(() => import('./lot-needs'))
const quiet = { meta: { errorDialog: false }, retry: 1 } as const

interface Props {
  numTiers: string
  lignes: readonly LigneLivraison[]
  /** When the history shown was fetched (ms). */
  historyUpdatedAt: number
}

/** What is needed: a lot's tonnes from a day, or a regular feed's usual date and quantity. */
const detail = ({ need: n }: Advice) =>
  n.kind === 'lot'
    ? `Lot ${n.numLot} : ${formatNombre(n.besoin)} t à partir du ${formatDate(n.jourBesoin)}`
    : `Prochaine commande habituelle vers le ${formatDate(n.jourBesoin)} (environ ${formatNombre(n.besoin)} t)`

export default function OrderAdvicePanel({ numTiers, lignes, historyUpdatedAt }: Props) {
  const tiers = useQuery({ ...tiersQueryOptions(numTiers), ...quiet }).data
  const online = useOnline()
  const [lots, setLots] = useState<{ needs: Need[]; dataUpdatedAt: number; failed: boolean }>({ needs: [], dataUpdatedAt: 0, failed: false })
  const onLotNeeds = useCallback((needs: Need[], dataUpdatedAt: number, failed: boolean) => setLots({ needs, dataUpdatedAt, failed }), [])
  const needs = useMemo(() => [...lots.needs, ...regularFeeds(lignes, parisNow()).map((f) => regularNeed(f, lignes))], [lots.needs, lignes])
  const { advices, dataUpdatedAt, failed } = useOrderAdvice(numTiers, needs)
  const datedFrom = Math.min(...[dataUpdatedAt, historyUpdatedAt, lots.dataUpdatedAt].filter((t) => t > 0))
  const lotPart = tiers?.hasLots && (
    <Suspense fallback={null}>
      <LotNeeds numTiers={numTiers} lignes={lignes} adresses={tiers.adresses} onNeeds={onLotNeeds} />
    </Suspense>
  )
  if (advices.length === 0) return lotPart || null

  return (
    <div role="region" aria-labelledby="a-commander-titre" className="mb-4 rounded-xl border-2 border-silo-green bg-white px-4 py-3">
      {lotPart}
      <h2 id="a-commander-titre" className="text-lg font-bold">À commander</h2>
      {(!online || failed || lots.failed) && Number.isFinite(datedFrom) && (
        <p className="text-base text-neutral-800">Calculé hors connexion avec les données du {formatSavedAt(datedFrom)}</p>
      )}
      <ul className="mt-1 divide-y divide-neutral-300">
        {advices.slice(0, SHOWN).map((a) => (
          <li key={a.need.key} className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1 py-3">
            <h3 className="text-base font-bold">{a.need.libelleArticle}</h3>
            <AdviceOrderButton advice={a} />
            <p className="col-span-2 text-base">{detail(a)}</p>
            <AdviceSentence advice={a} className="col-span-2 justify-self-start" />
          </li>
        ))}
      </ul>
    </div>
  )
}
