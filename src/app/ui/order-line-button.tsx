// The "order this article" button of the catalog screens (history Ajouter, feed list, plan
// articles). It is meant to open the order-line form (ordering-area §2 "Order-line form"), which
// is not in this version of the app. Linking elsewhere would let the farmer believe the article
// went into the cart, so the button is disabled and says why; the form's issue replaces the
// body of this component and every screen gets it at once.
import { useId, type ReactNode } from 'react'

export interface OrderTarget {
  numArticle: string
  numLot?: string | null
  numBatiment?: string | number | null
  numExploitation?: string | number | null
}

interface Props {
  label: string
  /** Unused until the form exists; passed now so that screens already say what to order. */
  target: OrderTarget
  /** Not orderable (artCommandable false, or the plan out of its dates): disabled for that reason. */
  reason?: string | null
}

export const ORDER_FORM_MISSING = "La saisie d'une ligne de commande n'est pas disponible dans cette version de Silo."

export function OrderLineButton({ label, target, reason }: Props) {
  const id = useId()
  return (
    <span className="inline-flex flex-col items-end gap-1" data-article={target.numArticle}>
      <button
        type="button"
        disabled
        aria-describedby={id}
        title={reason ?? ORDER_FORM_MISSING}
        className="touch-target rounded-full border-2 border-neutral-500 bg-neutral-100 px-4 text-base font-semibold text-neutral-700"
      >
        {label}
      </button>
      <span id={id} className="sr-only">
        {reason ?? ORDER_FORM_MISSING}
      </span>
    </span>
  )
}

/** Said once per screen, visibly: a disabled button alone explains nothing on a phone. */
export function OrderFormNote({ children }: { children?: ReactNode }) {
  return (
    <p className="mb-4 rounded-lg border border-neutral-400 bg-neutral-50 px-3 py-2 text-base text-neutral-900">
      {ORDER_FORM_MISSING} {children}
    </p>
  )
}
