// One contract: its article, its kind (an apport contract, code EA, says so), dates, quantity,
// and what is left of it drawn as a bar; for a contract the farmer may order on (issue 43, item
// 10), "Commander sur ce contrat" opens the order-line form with the contract chosen.
import type { Contrat } from '../../../contract/contrats'
import { isApport, isExpiringSoon } from '../../../domain/contracts'
import { formatDate, formatTonnes } from '../../../domain/format'
import type { DateTime } from 'luxon'
import { OrderLineButton } from '../../ui/order-line-button'
import { QuantityBar } from '../../ui/quantity-bar'

interface Props {
  contrat: Contrat
  now: DateTime
  /** Lines may be drawn on it: started, not ended, tonnes left (domain/contracts). */
  orderable: boolean
  /** Why its article cannot be ordered by this customer, if so. */
  refusal: string | null
}

export function ContractCard({ contrat, now, orderable, refusal }: Props) {
  const soon = isExpiringSoon(contrat, now)
  const total = contrat.qteContrat ?? 0
  const restante = contrat.qteRestante ?? 0
  return (
    <li className={`rounded-xl border-2 bg-white p-4 ${soon ? 'border-silo-gold' : 'border-neutral-300'}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h3 className="text-lg font-bold">{contrat.libelleArticle ?? contrat.numArticle}</h3>
        {/* "N°" kept with the number; the number may break after its hyphen (200 % at 320px). */}
        <span className="text-base text-neutral-800">N°&nbsp;{contrat.numContrat}</span>
      </div>
      {(isApport(contrat) || contrat.libelleTypecontrat) && (
        <p className="flex flex-wrap items-baseline gap-x-2 text-base text-neutral-800">
          {/* codeTContrat EA means apport (ordering-area §3), whatever the type's label says. */}
          {isApport(contrat) && (
            <span className="rounded-md border-2 border-neutral-800 px-2 text-sm font-semibold text-neutral-950">
              Apport
            </span>
          )}
          {contrat.libelleTypecontrat}
        </p>
      )}
      <p className="mt-1 text-base">
        Du {formatDate(contrat.dateDebut)} au {formatDate(contrat.dateFin)}
      </p>
      {soon && <p className="mt-1 font-semibold text-neutral-950">Se termine dans moins d'un mois</p>}
      <div className="mt-3">
        <QuantityBar value={restante} max={total} tone="gold" />
        <p className="mt-1 flex flex-wrap justify-between gap-x-3 text-base">
          <span>
            Reste <strong>{formatTonnes(restante)}</strong>
          </span>
          <span>sur {formatTonnes(total)}</span>
        </p>
      </div>
      {orderable && (
        <div className="mt-3 flex">
          <OrderLineButton
            label="Commander sur ce contrat"
            target={{
              numArticle: contrat.numArticle,
              libelleArticle: contrat.libelleArticle,
              numContrat: contrat.numContrat,
              numLot: contrat.numLot,
              numBatiment: contrat.numBatiment,
            }}
            reason={refusal}
          />
        </div>
      )}
    </li>
  )
}
