// "Cet appareil" (issue 24, item 1; one line since issue 50): whether the member's snapshot for no
// signal is on the device and of when — « Prêt hors connexion — données du … », the snapshot's own
// date (genereLe) — and "Mettre à jour maintenant". A full storage is said: the snapshot then
// answers only while the app stays open. Live: the preparation notifies.
import { useEffect, useReducer } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import {
  preparationStatus,
  prepareForNoSignal,
  preparing,
  readOwnSnapshot,
  subscribePreparation,
} from '../../../offline/preparation'
import { typographie } from '../../../domain/typography'
import { formatSavedAt } from '../offline-notice'

const H3 = 'mt-4 mb-1 text-lg font-bold'
const BUTTON =
  'touch-target mt-2 rounded-full border-2 border-silo-green px-4 font-semibold text-silo-green disabled:border-neutral-400 disabled:text-neutral-700'

const QUOTA_FULL = typographie(
  "La mémoire de cet appareil est pleine : les données du jour n'ont pas pu être gardées pour travailler sans réseau. Libérez de la place (photos, applications), puis « Mettre à jour maintenant ».",
)
const NOT_YET = typographie("Pas encore prêt hors connexion : les données se chargent dès que l'appareil a du réseau.")

export default function PreparationStatus({ numTiers, online }: { numTiers: string; online: boolean }) {
  const queryClient = useQueryClient()
  const [, refresh] = useReducer((n: number) => n + 1, 0)
  useEffect(() => {
    const stop = subscribePreparation(refresh)
    // The device's copy, if the preparation has not read it yet in this page.
    void readOwnSnapshot(numTiers).then(refresh, () => undefined)
    return stop
  }, [numTiers])

  const status = preparationStatus(numTiers)
  const busy = preparing()
  return (
    <section aria-labelledby="preparation-title">
      <h3 id="preparation-title" className={H3}>
        Pour travailler sans réseau
      </h3>
      <p className="text-base">
        {status.genereLe === 0
          ? NOT_YET
          : status.quotaFull
            ? `Prêt hors connexion tant que Silo reste ouvert — données du ${formatSavedAt(status.genereLe)}`
            : `Prêt hors connexion — données du ${formatSavedAt(status.genereLe)}`}
      </p>
      {status.quotaFull && (
        <p role="alert" className="text-base font-semibold">
          {QUOTA_FULL}
        </p>
      )}
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
