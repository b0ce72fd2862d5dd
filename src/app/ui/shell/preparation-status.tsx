// "Cet appareil" (issue 24, item 1): what is ready for no signal, per kind, since when, what is
// missing, and "Mettre à jour maintenant". Read from the query cache itself, live (the cache and the
// preparation notify), so the panel says "ready" exactly when the screens would find their data.
import { useEffect, useReducer } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { preparationStatus, prepareForNoSignal, preparing, subscribePreparation } from '../../../offline/preparation'
import { formatSavedAt } from '../offline-notice'

const H3 = 'mt-4 mb-1 text-lg font-bold'
const BUTTON =
  'touch-target mt-2 rounded-full border-2 border-silo-green px-4 font-semibold text-silo-green disabled:border-neutral-400 disabled:text-neutral-700'

const plural = (n: number, word: string) => `${n} ${word}${n > 1 ? 's' : ''}`

export default function PreparationStatus({ numTiers, online }: { numTiers: string; online: boolean }) {
  const queryClient = useQueryClient()
  const [, refresh] = useReducer((n: number) => n + 1, 0)
  useEffect(() => {
    // 'added' too: the device's copy of the per-article reads comes back after the first screen
    // (app/query-persistence), query by query, into a panel that may already be open.
    const stopCache = queryClient
      .getQueryCache()
      .subscribe((e) => (e.type === 'updated' || e.type === 'added') && refresh())
    const stopPreparation = subscribePreparation(refresh)
    return () => (stopCache(), stopPreparation())
  }, [queryClient])

  const kinds = preparationStatus(queryClient, numTiers)
  const busy = preparing()
  return (
    <section aria-labelledby="preparation-title">
      <h3 id="preparation-title" className={H3}>
        Pour travailler sans réseau
      </h3>
      <ul className="list-disc pl-5 text-base">
        {kinds.map((k) => (
          <li key={k.kind}>
            {k.label} :{' '}
            {k.at === 0
              ? 'pas encore sur cet appareil'
              : k.missing > 0
                ? `en partie (il manque ${plural(k.missing, 'élément')}) — données du ${formatSavedAt(k.at)}`
                : `Prêt hors connexion — données du ${formatSavedAt(k.at)}`}
          </li>
        ))}
      </ul>
      <p role="status" className="text-base">
        {busy ? 'Mise à jour en cours…' : ''}
      </p>
      <button
        type="button"
        disabled={busy || !online}
        onClick={() => void prepareForNoSignal(queryClient, numTiers, true)}
        className={BUTTON}
      >
        Mettre à jour maintenant
      </button>
      {!online && <p className="text-base">La mise à jour attend le réseau.</p>}
    </section>
  )
}
