// "À commander" at the top of Historique (issue 18): the next advised orders, soonest first —
// each lot's next tranche (from its feeding plan) and the feeds delivered regularly (from the
// history) — each with the latest moment to order and a button that opens the order-line form
// with the line filled in. Computed in the browser from cached queries, so it works offline;
// it then says of when its data dates. Loaded apart from the history's first paint (luxon,
// the forecast rules) into the bar the history draws from the start (order-advice-bar.tsx):
// this part fills the bar's summary and the list the bar opens.
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { nextTask } from '../../../api/next-task'
import { tiersQueryOptions } from '../../../api/tiers'
import type { LigneLivraison } from '../../../contract/livraisons'
import { regularFeeds } from '../../../domain/forecast-regular'
import { formatMoment } from '../../../domain/latest-order-moment'
import { regularNeed } from '../../ui/advice-needs'
import { AdviceSentence } from '../../ui/advice-sentence'
import { formatSavedAt } from '../../ui/offline-notice'
import { AdviceOrderButton } from '../../ui/advice-order-button'
import { parisNow } from '../../ui/now'
import { toIsoDate } from '../../../domain/calendar'
import { adviceDetail } from './advice-detail'
import { useOnline } from '../../ui/use-online'
import { useRecentDeliveries } from '../../ui/recent-deliveries'
import { useOrderedFeeds } from '../../ui/use-ordered-feeds'
import { useAfterMountTask } from '../../ui/use-after-mount-task'
import { useOrderAdvice, type Advice, type Need } from '../../ui/use-order-advice'

/** What the panel tells the bar: the sentence, and how many advices the list has. */
export interface AdviceSummary {
  text: string
  count: number
}

/** "The next few": enough to plan the week without pushing the deliveries off the screen once opened. */
const SHOWN = 4
const LotNeeds = lazy(() => import('./lot-needs'))
const quiet = { meta: { errorDialog: false }, retry: 1 } as const

interface Props {
  owner: string
  numTiers: string
  lignes: readonly LigneLivraison[]
  /** When the history shown was fetched (ms). */
  historyUpdatedAt: number
  historyPending: boolean
  /** The farmer opened the bar: the list is drawn only then. */
  open: boolean
  /** The bar's summary; null while something it depends on is still awaited. */
  onSummary: (summary: AdviceSummary | null) => void
}

/** One sentence for the collapsed bar: how many, and the first one's moment (before its name, which may be cut). */
function summaryText(advices: readonly Advice[]): string {
  const first = advices[0]
  if (!first) return "Rien à prévoir pour l'instant d'après vos lots et vos livraisons habituelles."
  const n = Math.min(advices.length, SHOWN)
  const count =
    advices.length > SHOWN
      ? `Les ${n} prochains aliments à prévoir`
      : n === 1
        ? '1 aliment à prévoir'
        : `${n} aliments à prévoir`
  const when = first.moment.kind === 'a-temps' ? `avant le ${formatMoment(first.moment.avant)}` : 'en retard'
  return `${count}, ${n === 1 ? '' : 'le premier '}${when} : ${first.need.libelleArticle}`
}

export default function OrderAdvicePanel({
  owner,
  numTiers,
  lignes: shown,
  historyUpdatedAt: shownUpdatedAt,
  historyPending,
  open,
  onSummary,
}: Props) {
  // Its reads start in a task after the mount, not in the hydration's (use-after-mount-task).
  const reading = useAfterMountTask()
  const recent = useRecentDeliveries(numTiers, shown, reading)
  const lignes = recent.lignes
  const historyUpdatedAt = recent.dataUpdatedAt || shownUpdatedAt
  const tiersQuery = useQuery({ ...tiersQueryOptions(numTiers), ...quiet })
  const tiers = tiersQuery.data
  const online = useOnline()
  const [lots, setLots] = useState({ needs: [] as Need[], dataUpdatedAt: 0, failed: false, pending: true })
  const onLotNeeds = useCallback(
    (needs: Need[], dataUpdatedAt: number, failed: boolean, pending: boolean) =>
      setLots({ needs, dataUpdatedAt, failed, pending }),
    [],
  )
  // The regular feeds read the whole history: not again when only the lots' needs arrive, and in
  // a task after the render, not in it (6 ms unthrottled, the render's other half; issue 29). The
  // previous ones stay while new history is read.
  const hasLots = tiers?.hasLots ?? false
  // What is ordered and not delivered yet: the habit goes on from it (never an advice to order twice).
  const { ordered, pending: orderedPending } = useOrderedFeeds(owner, numTiers, reading)
  const [regular, setRegular] = useState<Need[] | null>(null)
  useEffect(() => {
    let cancelled = false
    void nextTask().then(() => {
      if (!cancelled)
        setRegular(regularFeeds(lignes, parisNow(), { hasLots }, ordered).map((f) => regularNeed(f, lignes)))
    })
    return () => {
      cancelled = true
    }
  }, [lignes, hasLots, ordered])
  const needs = useMemo(() => [...lots.needs, ...(regular ?? [])], [lots.needs, regular])
  const { advices, dataUpdatedAt, failed, pending } = useOrderAdvice(numTiers, needs, { inSlices: true })
  // "Rien à prévoir" only once every source has answered (or failed): never a guess on half the data.
  const waiting =
    historyPending ||
    recent.pending ||
    tiersQuery.isLoading ||
    (tiers?.hasLots === true && lots.pending) ||
    regular === null ||
    orderedPending ||
    pending
  const summary = waiting ? null : summaryText(advices)
  const count = Math.min(advices.length, SHOWN)
  useEffect(() => onSummary(summary === null ? null : { text: summary, count }), [summary, count, onSummary])
  const datedFrom = Math.min(...[dataUpdatedAt, historyUpdatedAt, lots.dataUpdatedAt].filter((t) => t > 0))
  const lotPart = tiers?.hasLots && (
    <Suspense fallback={null}>
      <LotNeeds owner={owner} numTiers={numTiers} lignes={lignes} adresses={tiers.adresses} onNeeds={onLotNeeds} />
    </Suspense>
  )
  if (!open || advices.length === 0) return lotPart || null
  const today = toIsoDate(parisNow())

  return (
    <>
      {lotPart}
      {(!online || failed || lots.failed || recent.failed) && Number.isFinite(datedFrom) && (
        <p className="pt-2 text-base text-neutral-800">
          Calculé hors connexion avec les données du {formatSavedAt(datedFrom)}
        </p>
      )}
      <ul className="divide-y divide-neutral-300">
        {advices.slice(0, SHOWN).map((a) => (
          <li key={a.need.key} className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1 py-3">
            <h3 className="text-base font-bold">{a.need.libelleArticle}</h3>
            <AdviceOrderButton advice={a} />
            <p className="col-span-2 text-base">{adviceDetail(a.need, today)}</p>
            <AdviceSentence advice={a} className="col-span-2 justify-self-start" />
          </li>
        ))}
      </ul>
    </>
  )
}
