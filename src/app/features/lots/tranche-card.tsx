// One age tranche of a feeding plan: ordered against orderable tonnes with the 80 % mark, the
// recommended one highlighted (src/domain trancheStates), and its articles to order.
import type { Lot, PlanAlimentation } from '../../../contract/lots'
import { TRANCHE_COMPLETE_RATIO } from '../../../domain/constants'
import { trancheRefusal, type TrancheState } from '../../../domain/feeding-plan'
import { formatTonnes } from '../../../domain/format'
import { avecUnite } from '../../../domain/typography'
import { OrderLineButton } from '../../ui/order-line-button'
import { QuantityBar } from '../../ui/quantity-bar'

type Tranche = PlanAlimentation['tranches'][number]

interface Props {
  lot: Lot
  tranche: Tranche
  state: TrancheState
  planOrderable: boolean
}

export function TrancheCard({ lot, tranche, state, planOrderable }: Props) {
  // Orderable and recommended are one rule (src/domain): only inside a plan in its dates.
  const refusal = trancheRefusal(state, planOrderable)
  const recommended = refusal === null
  return (
    <li
      className={`rounded-xl border-2 p-4 ${recommended ? 'border-silo-green bg-silo-green/10' : 'border-neutral-300 bg-white'}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h3 className="text-lg font-bold">
          De {tranche.ageMini} à {tranche.ageMaxi} jours
        </h3>
        {recommended && (
          <span className="rounded-full bg-silo-green px-3 py-0.5 text-base font-bold text-white">
            Tranche conseillée
          </span>
        )}
        {state.complete && <span className="text-base font-semibold">Tranche complète</span>}
      </div>
      <p className="text-base text-neutral-800">
        {avecUnite(tranche.quantite.toLocaleString('fr-FR'), 'kg')} par animal
      </p>
      {refusal && <p className="text-base font-semibold text-neutral-800">Non commandable : {refusal}</p>}
      <div className="mt-2">
        <QuantityBar
          value={state.ordered}
          max={state.orderable}
          mark={TRANCHE_COMPLETE_RATIO}
          tone={state.complete ? 'green' : 'gold'}
        />
        <p className="mt-1 text-base">
          Commandé <strong>{formatTonnes(state.ordered)}</strong> sur {formatTonnes(state.orderable)} commandables
          <span className="text-neutral-800">
            {' '}
            — complète à partir de {formatTonnes(TRANCHE_COMPLETE_RATIO * state.orderable)} commandées (
            {avecUnite('80', '%')})
          </span>
        </p>
      </div>
      <ul className="mt-2">
        {tranche.articles.map((a) => (
          // Wraps: with large text the button goes under the article's name, never past the screen.
          <li
            key={a.numArticle}
            className="flex flex-wrap items-center justify-between gap-3 border-t border-neutral-300 py-2"
          >
            <span className="min-w-0 text-base font-semibold break-words">{a.libelle}</span>
            <OrderLineButton
              label="Commander"
              target={{
                numArticle: a.numArticle,
                numLot: lot.numLot,
                numBatiment: lot.numBatiment,
                numExploitation: lot.numExploitation,
              }}
              reason={!a.artCommandable ? 'Article non commandable' : refusal}
            />
          </li>
        ))}
      </ul>
    </li>
  )
}
