// A lot: its animals, its type (OL laying, VL meat poultry), its feeding plans as tabs when there
// are several (the principal first), and each plan's tranches.
import { useState } from 'react'
import { Link } from '@tanstack/react-router'
import type { Lot } from '../../../contract/lots'
import { isPlanOrderable, lotType, planTrancheStates } from '../../../domain/feeding-plan'
import { formatDate } from '../../../domain/format'
import { parisNow } from '../../ui/now'
import { LotForecast } from './lot-forecast'
import { TrancheCard } from './tranche-card'

const TYPES = { PONTE: 'Volailles pondeuses', CHAIR: 'Volailles de chair' } as const

export function LotDetail({ lot, exploitation, batiment }: { lot: Lot; exploitation: string; batiment: string }) {
  const plans = [...lot.plansAlimentation].sort((a, b) => Number(Boolean(b.principal)) - Number(Boolean(a.principal)))
  const [tab, setTab] = useState(0)
  const plan = plans[Math.min(tab, plans.length - 1)]
  const type = lotType(lot.numLot)
  const now = parisNow()
  const states = plan ? planTrancheStates(lot, plan) : []

  return (
    <article>
      <Link
        to="/catalog/lots"
        className="touch-target mb-2 inline-flex items-center font-semibold text-silo-green underline"
      >
        ← Tous les lots
      </Link>
      <h2 className="text-xl font-bold">Lot {lot.numLot}</h2>
      <dl className="mt-1 pairs gap-x-4 text-base">
        {type && (
          <>
            <dt className="text-neutral-800">Type</dt>
            <dd>{TYPES[type]}</dd>
          </>
        )}
        <dt className="text-neutral-800">Animaux</dt>
        <dd className="font-semibold">{lot.nbAnimaux.toLocaleString('fr-FR')}</dd>
        <dt className="text-neutral-800">Exploitation</dt>
        <dd>{exploitation}</dd>
        <dt className="text-neutral-800">Bâtiment</dt>
        <dd>{batiment}</dd>
        <dt className="text-neutral-800">Mise en place</dt>
        <dd>{formatDate(lot.dateMep)}</dd>
      </dl>
      <LotForecast lot={lot} withButton />
      {plans.length > 1 && (
        <div role="tablist" aria-label="Plans d'alimentation" className="mt-4 flex flex-wrap gap-2">
          {plans.map((p, i) => (
            <button
              key={`${p.libelle}-${i}`}
              type="button"
              role="tab"
              id={`plan-tab-${i}`}
              aria-selected={i === tab}
              aria-controls="plan-panel"
              onClick={() => setTab(i)}
              className={`touch-target max-w-full rounded-full border-2 px-4 font-semibold ${i === tab ? 'border-silo-green bg-silo-green text-white' : 'border-silo-green bg-white text-silo-green'}`}
            >
              {p.libelle}
              {p.principal ? ' (principal)' : ''}
            </button>
          ))}
        </div>
      )}
      {!plan ? (
        <p className="mt-4 text-base">Aucun plan d'alimentation pour ce lot.</p>
      ) : (
        <section
          id="plan-panel"
          role={plans.length > 1 ? 'tabpanel' : undefined}
          aria-labelledby={plans.length > 1 ? `plan-tab-${tab}` : 'plan-titre'}
          className="mt-4"
        >
          <h3 id="plan-titre" className="text-lg font-bold">
            {plan.libelle}
          </h3>
          <p className="mb-3 text-base text-neutral-800">
            Du {formatDate(plan.dateDebut)} au {formatDate(plan.dateFin)}
            {isPlanOrderable(plan, now) ? '' : ' — plan hors de ses dates, non commandable'}
          </p>
          <ul className="grid gap-3 lg:grid-cols-2">
            {plan.tranches.map((t, i) => (
              <TrancheCard
                key={`${t.ageMini}-${t.ageMaxi}`}
                lot={lot}
                tranche={t}
                state={states[i]!}
                planOrderable={isPlanOrderable(plan, now)}
              />
            ))}
          </ul>
        </section>
      )}
    </article>
  )
}
