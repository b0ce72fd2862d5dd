// "Cet appareil" for an adviser on their round (issue 52, item 1): each member of the round, whether
// their snapshot is ready and of when, the room it takes on the device, and "Retirer de la
// tournée" (their snapshot goes; an order of theirs still waiting is never dropped). Live: the
// preparation and the round notify.
import { useEffect, useReducer, useState, useSyncExternalStore } from 'react'
import { ownerAtStart } from '../../../api/device-owner'
import { readRound, removeFromRound, subscribeRound } from '../../../api/round'
import { preparationStatus, readOwnSnapshot, subscribePreparation } from '../../../offline/preparation'
import { dropSnapshot, snapshotRowsOf } from '../../../offline/snapshot'
import { formatSavedAt } from '../offline-notice'

const H3 = 'mt-4 mb-1 text-lg font-bold'

/** The room a snapshot takes, as its JSON (IndexedDB keeps about as much). */
const sizeKo = (data: unknown) => Math.max(1, Math.round(new Blob([JSON.stringify(data)]).size / 1024))

export default function RoundStatus() {
  const round = useSyncExternalStore(subscribeRound, () => readRound())
  const [, refresh] = useReducer((n: number) => n + 1, 0)
  const [sizes, setSizes] = useState<Map<string, number>>(new Map())
  useEffect(() => subscribePreparation(refresh), [])
  useEffect(() => {
    const owner = ownerAtStart()
    if (!owner || !round) return
    for (const m of round.membres) void readOwnSnapshot(m.numTiers).then(refresh, () => undefined)
    void snapshotRowsOf(owner).then((rows) => setSizes(new Map(rows.map((r) => [r.numTiers, sizeKo(r.data)]))))
  }, [round])

  if (!round) return null
  const remove = (numTiers: string) => {
    removeFromRound(numTiers)
    const owner = ownerAtStart()
    if (owner) void dropSnapshot(owner, numTiers)
  }
  return (
    <section aria-labelledby="tournee-title">
      <h3 id="tournee-title" className={H3}>
        Ma tournée
      </h3>
      <ul className="flex flex-col gap-2">
        {round.membres.map((m) => {
          const status = preparationStatus(m.numTiers)
          const size = sizes.get(m.numTiers)
          return (
            <li key={m.numTiers} className="rounded-lg bg-neutral-50 p-2 text-base">
              <p className="font-semibold">
                {m.raisonSociale} <span className="font-normal">(N° {m.numTiers})</span>
              </p>
              <p>
                {status.quotaFull
                  ? 'Pas préparé : la mémoire de l’appareil est pleine'
                  : status.genereLe > 0
                    ? `Prêt hors connexion — données du ${formatSavedAt(status.genereLe)}`
                    : 'Pas encore prêt hors connexion'}
                {size ? ` · ${size} Ko` : ''}
              </p>
              <button
                type="button"
                onClick={() => remove(m.numTiers)}
                className="touch-target mt-1 rounded-full border-2 border-silo-green px-4 font-semibold text-silo-green"
              >
                Retirer de la tournée
              </button>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
