// "Préparer ma tournée" (issue 52, item 1): staff tick the members of their day in the search, then
// prepare them all on the device before leaving the office. The server signs the round (its proof
// lets the device switch members with no network), then each member's snapshot is downloaded, one
// after the other, each with its progress. A member the device could not keep (storage full) is
// named; the others are prepared all the same.
import { useState, useSyncExternalStore } from 'react'
import { useNavigate, useRouter } from '@tanstack/react-router'
import { useQueryClient } from '@tanstack/react-query'
import { ApiError } from '../../../api/api-error'
import { chooseInRound, saveRound } from '../../../api/round'
import { prepareRoundOnServer } from '../../../api/tiers-search'
import type { TiersTrouve } from '../../../contract/tiers-search'
import { formatSavedAt } from '../../ui/offline-notice'
import { TOURNEE_MAX, TOURNEE_TROP_LONGUE, type Tournee } from '../../../contract/tournee'

type Preparation = typeof import('../../../offline/preparation')

interface Props {
  picked: TiersTrouve[]
  onRemove: (numTiers: string) => void
}

export function RoundPicker({ picked, onRemove }: Props) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const router = useRouter()
  const [round, setRound] = useState<Tournee | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [preparation, setPreparation] = useState<Preparation | null>(null)
  const tooMany = picked.length > TOURNEE_MAX

  const prepare = async () => {
    setBusy(true)
    setFailure(null)
    try {
      const signed = await prepareRoundOnServer(picked.map((m) => m.numTiers))
      saveRound(signed)
      setRound(signed)
      const [p, storage] = await Promise.all([
        import('../../../offline/preparation'),
        import('../../../offline/persistent-storage'),
      ])
      // Ten farms' data on the tablet for the day: the browser is asked not to evict it.
      void storage.askPersistentStorage()
      setPreparation(p)
      // One member after the other: each download has the link to itself.
      for (const m of signed.membres) await p.prepareForNoSignal(queryClient, m.numTiers)
    } catch (e) {
      setFailure(
        e instanceof ApiError && e.reason
          ? e.reason
          : 'Impossible de préparer la tournée pour l’instant. Vérifiez la connexion et réessayez.',
      )
    } finally {
      setBusy(false)
    }
  }

  const actFor = async (numTiers: string) => {
    chooseInRound(numTiers)
    await router.invalidate()
    await navigate({ to: '/catalog/order_history' })
  }

  if (picked.length === 0 && !round) return null
  return (
    <section aria-labelledby="ma-tournee" className="mt-6 rounded-xl border-2 border-silo-green p-3">
      <h2 id="ma-tournee" className="mb-2 text-lg font-bold">
        Ma tournée ({round ? round.membres.length : picked.length} / {TOURNEE_MAX})
      </h2>
      {failure && (
        <p role="alert" className="mb-3 rounded-lg border-2 border-red-700 bg-red-50 p-3 font-semibold text-red-900">
          {failure}
        </p>
      )}
      {round ? (
        <ul className="mb-3 flex flex-col gap-2" aria-live="polite">
          {round.membres.map((m) => (
            <RoundMember
              key={m.numTiers}
              numTiers={m.numTiers}
              name={m.raisonSociale}
              preparation={preparation}
              onActFor={() => void actFor(m.numTiers)}
            />
          ))}
        </ul>
      ) : (
        <ul className="mb-3 flex flex-col gap-1">
          {picked.map((m) => (
            <li key={m.numTiers} className="flex items-center justify-between gap-2">
              <span>
                {m.raisonSociale} <span className="text-neutral-700">(N° {m.numTiers})</span>
              </span>
              <button
                type="button"
                onClick={() => onRemove(m.numTiers)}
                aria-label={`Retirer ${m.raisonSociale} de la tournée`}
                className="touch-target shrink-0 rounded-full px-3 font-semibold text-silo-green"
              >
                Retirer
              </button>
            </li>
          ))}
        </ul>
      )}
      {tooMany && !round && (
        <p role="alert" className="mb-2 font-semibold text-red-800">
          {TOURNEE_TROP_LONGUE}
        </p>
      )}
      {!round && (
        <button
          type="button"
          disabled={busy || tooMany || picked.length === 0}
          onClick={() => void prepare()}
          className="touch-target w-full rounded-xl bg-silo-green px-6 text-lg font-bold text-white disabled:bg-neutral-400"
        >
          Préparer ma tournée
        </button>
      )}
    </section>
  )
}

/** One member of the round being prepared: waiting, downloading, ready (with the data's date), or
 * not kept (storage full). */
function RoundMember(props: { numTiers: string; name: string; preparation: Preparation | null; onActFor: () => void }) {
  const { numTiers, name, preparation, onActFor } = props
  const subscribe = preparation?.subscribePreparation ?? noSubscription
  const status = useSyncExternalStore(subscribe, () => preparation?.preparationStatus(numTiers))
  const running = useSyncExternalStore(subscribe, () => preparation?.preparingMember() === numTiers)
  const label = status?.quotaFull
    ? 'Pas préparé : la mémoire de l’appareil est pleine'
    : status && status.genereLe > 0
      ? `Prêt hors connexion — données du ${formatSavedAt(status.genereLe)}`
      : running
        ? 'Préparation…'
        : 'En attente'
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-neutral-50 p-2">
      <span className="flex flex-col">
        <span className="font-semibold">
          {name} <span className="font-normal text-neutral-700">(N° {numTiers})</span>
        </span>
        <span>{label}</span>
      </span>
      <button
        type="button"
        onClick={onActFor}
        aria-label={`Agir pour ${name}`}
        className="touch-target rounded-full border-2 border-silo-green px-4 font-semibold text-silo-green"
      >
        Agir pour
      </button>
    </li>
  )
}

const noSubscription = () => () => undefined
