// The cart flow's step bar (cart-orders-admin §2): Panier, Réglement, Confirmation de commande.
import { useRouterState } from '@tanstack/react-router'

const STEPS = [
  { path: '/catalog/cart/view', label: 'Panier', short: 'Panier' },
  { path: '/catalog/cart/validPanier', label: 'Réglement', short: 'Réglement' },
  { path: '/catalog/cart/confirm', label: 'Confirmation de commande', short: 'Confirmation' },
] as const

export function CartSteps() {
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const current = Math.max(
    0,
    STEPS.findIndex((s) => pathname.startsWith(s.path)),
  )
  return (
    <nav aria-label="Étapes de la commande" className="@container mb-4">
      <ol className="flex gap-2 text-sm sm:text-base">
        {STEPS.map((step, i) => (
          <li
            key={step.path}
            aria-current={i === current ? 'step' : undefined}
            className={`flex min-w-0 flex-1 flex-col items-center gap-1 border-b-4 pb-2 text-center sm:flex-row sm:gap-1.5 sm:text-left ${i <= current ? 'border-silo-green text-neutral-900' : 'border-neutral-300 text-neutral-700'} ${i === current ? 'font-bold' : ''}`}
          >
            <span
              className={`flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-sm font-bold ${i <= current ? 'bg-silo-green text-white' : 'bg-neutral-300 text-neutral-900'}`}
            >
              {i + 1}
            </span>
            {/* Phones name every step, shortly, under its number (issue 16, defect 8), never cut;
                narrow for the text (200 % text), the step being done is named below instead, whole
                (issue 43). The full name is what is read out and what wider screens show. */}
            <span aria-hidden="true" className="max-w-full sm:hidden @max-[17rem]:hidden">
              {step.short}
            </span>
            <span className="sr-only sm:not-sr-only">{step.label}</span>
          </li>
        ))}
      </ol>
      <p aria-hidden="true" className="mt-2 hidden text-base font-bold @max-[17rem]:block">
        Étape {current + 1} sur {STEPS.length} : {STEPS[current]!.short}
      </p>
    </nav>
  )
}
