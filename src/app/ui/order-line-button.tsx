// The "order this article" button of the catalog screens (history Ajouter, feed list, plan
// articles), and the cart's way to edit a line: both open the order-line form (ordering-area §2
// "Order-line form"). Features never import each other and ui never imports a feature: the form
// comes through ui/order-line-slot, filled by the _main route (lazily: it brings react-hook-form).
import { Suspense, useEffect, useId, useState, type ReactNode } from 'react'
import { useRouteContext } from '@tanstack/react-router'
import type { CartLine } from '../../domain/types'
import { useOrderLineDialog, type OrderTarget } from './order-line-slot'

interface Props {
  label: string
  target: OrderTarget
  /** Not orderable (artCommandable false, or the plan out of its dates): disabled for that reason. */
  reason?: string | null
  /** Builds the target on the tap (an advised order computes its line then). */
  prepare?: () => Promise<OrderTarget>
}

function useSession() {
  const { user, numTiers } = useRouteContext({ from: '/_main' })
  return { owner: user.username, numTiers, loginAt: user.loginAt }
}

/** Reads the session only once opened: a history of hundreds of lines holds hundreds of buttons. */
function NewLineDialog({ target, onClose }: { target: OrderTarget; onClose: (saved: boolean) => void }) {
  const session = useSession()
  const OrderLineDialog = useOrderLineDialog()
  return (
    <Suspense fallback={null}>
      <OrderLineDialog {...session} target={target} onClose={onClose} />
    </Suspense>
  )
}

/** Its text and padding never over 7 % and 4 % of the screen's width: at 200 % on a 320px phone
 * "Commander" (32px, 1rem of padding a side) was wider than its card and ran past the screen's
 * left edge (issue 51); 22px there, the text's size on any wider screen. */
const FIT = 'touch-target rounded-full px-[min(1rem,4vw)] text-[length:min(1rem,7vw)] font-semibold'

export function OrderLineButton({ label, target, reason, prepare }: Props) {
  const id = useId()
  const [open, setOpen] = useState<OrderTarget | null>(null)
  const [added, setAdded] = useState(false)
  useEffect(() => {
    if (!added) return
    const t = setTimeout(() => setAdded(false), 4000)
    return () => clearTimeout(t)
  }, [added])
  const name = target.libelleArticle ?? target.libelle ?? `l'article ${target.numArticle}`
  return (
    // Never wider than its card: at 200 % "Commander sur ce contrat" on one line was 544px, the
    // page 610px wide on a 390px phone (issue 51); the label wraps instead (max-w-full).
    <span className="ml-auto inline-flex max-w-full shrink-0 flex-col items-end gap-1" data-article={target.numArticle}>
      <button
        type="button"
        disabled={Boolean(reason)}
        aria-describedby={reason ? id : undefined}
        aria-label={`${label} ${name}`}
        title={reason ?? undefined}
        // A target that cannot be prepared (its code not loaded, say) opens the plain form.
        onClick={() => void (prepare ? prepare().catch(() => target) : Promise.resolve(target)).then(setOpen)}
        className={
          reason
            ? `${FIT} border-2 border-neutral-500 bg-neutral-100 text-neutral-700`
            : `${FIT} bg-silo-green text-white`
        }
      >
        {label}
      </button>
      {reason && (
        <span id={id} className="sr-only">
          {reason}
        </span>
      )}
      {added && (
        <span role="status" className="text-sm font-semibold text-silo-green">
          Ajouté au panier
        </span>
      )}
      {open && (
        <NewLineDialog
          target={open}
          onClose={(saved) => {
            setOpen(null)
            setAdded(saved)
          }}
        />
      )}
    </span>
  )
}

/**
 * The form for a line already in the cart ("Modifier la commande"), saved with updateCartLine.
 * The cart screen renders it while a line is being edited and removes it in onClose.
 */
export function EditOrderLine({ line, onClose }: { line: CartLine; onClose: (saved: boolean) => void }) {
  const session = useSession()
  const OrderLineDialog = useOrderLineDialog()
  return (
    <Suspense fallback={null}>
      <OrderLineDialog {...session} line={line} onClose={onClose} />
    </Suspense>
  )
}

/** Was the note beside disabled buttons; the buttons work now, so it says nothing. */
export function OrderFormNote(_props: { children?: ReactNode }) {
  return null
}
