// "À commander" at the top of Historique (issue 18), in its place from the first paint (issue 17):
// a collapsed bar of fixed height — the heading, a summary clamped to two lines, and "Voir" once
// there is something to see. The advice itself (order-advice-panel: luxon and the forecast rules,
// about 26 KB gzip) is loaded once the deliveries are on screen and the browser is idle; it fills
// the summary and the list. The panel used to appear above the deliveries half a second after them
// and push everything down by its height (Lighthouse CLS 0.498): no data changes this bar's height,
// and the list shows only when the farmer opens it.
import { lazy, Suspense, useState } from 'react'
import type { LigneLivraison } from '../../../contract/livraisons'
import { useAfterFirstPaint } from '../../ui/after-first-paint'
import type { AdviceSummary } from './order-advice-panel'

const OrderAdvicePanel = lazy(() => import('./order-advice-panel'))

interface Props {
  /** The signed-in user: the device's outbox is theirs (orders not yet received count as ordered). */
  owner: string
  numTiers: string
  lignes: readonly LigneLivraison[]
  /** When the history shown was fetched (ms). */
  historyUpdatedAt: number
  /** The history's first answer is still awaited: nothing can be said yet. */
  historyPending: boolean
}

export function OrderAdviceBar({ owner, numTiers, lignes, historyUpdatedAt, historyPending }: Props) {
  const loadAdvice = useAfterFirstPaint()
  const [summary, setSummary] = useState<AdviceSummary | null>(null)
  const [open, setOpen] = useState(false)
  const openable = summary !== null && summary.count > 0

  return (
    <div
      role="region"
      aria-labelledby="a-commander-titre"
      className="mb-4 rounded-xl border-2 border-silo-green bg-white px-4 py-3"
    >
      {/* The heading row is the toggle's height whether or not the toggle is there; with the text
          at 200 % the toggle goes under the heading rather than squeeze it (issue 43). */}
      <div className="flex min-h-12 flex-wrap items-center justify-between gap-x-3">
        <h2 id="a-commander-titre" className="text-lg font-bold">
          À commander
        </h2>
        {openable && (
          <button
            type="button"
            aria-expanded={open}
            aria-controls="a-commander-liste"
            onClick={() => setOpen((o) => !o)}
            className="touch-target inline-flex items-center gap-1 rounded-full border-2 border-silo-green px-4 text-base font-semibold text-silo-green"
          >
            {open ? 'Masquer' : 'Voir'}
            <svg
              viewBox="0 0 24 24"
              className={`h-5 w-5 ${open ? 'rotate-180' : ''}`}
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              aria-hidden="true"
              focusable="false"
            >
              <path d="M6 9l6 6 6-6" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
        )}
      </div>
      {/* Three lines kept from the first paint, so the list does not move when the sentence comes
          (a long article name takes a third line on a phone); never cut (issue 28). */}
      <p data-testid="a-commander-resume" className="min-h-21 text-lg leading-7 text-neutral-900">
        {summary?.text ?? 'Calcul en cours…'}
      </p>
      <div id="a-commander-liste" hidden={!(open && openable)} className="mt-2 border-t border-neutral-300">
        {loadAdvice && (
          <Suspense fallback={null}>
            <OrderAdvicePanel
              owner={owner}
              numTiers={numTiers}
              lignes={lignes}
              historyUpdatedAt={historyUpdatedAt}
              historyPending={historyPending}
              open={open}
              onSummary={setSummary}
            />
          </Suspense>
        )}
      </div>
    </div>
  )
}
