// Where the order-line form plugs in. The catalog screens and the cart (features) open it through
// ui/order-line-button, but ui never imports a feature: the `_main` route, which may import
// features, provides the form's component here (lazily loaded), and the button renders it.
import { createContext, useContext, type ComponentType } from 'react'
import type { CartLine } from '../../domain/types'
import type { OrderTarget } from './order-line-button'

export interface OrderLineDialogProps {
  owner: string
  numTiers: string
  /** When the session signed in (ISO instant): the pivot rule's extra delay depends on it. */
  loginAt?: string | null
  /** A new line for this article… */
  target?: OrderTarget | null
  /** …or a cart line to edit. */
  line?: CartLine | null
  onClose: (saved: boolean) => void
}

export const OrderLineSlot = createContext<ComponentType<OrderLineDialogProps> | null>(null)

export function useOrderLineDialog(): ComponentType<OrderLineDialogProps> {
  const dialog = useContext(OrderLineSlot)
  if (!dialog) throw new Error('OrderLineSlot: the _main route provides the order-line form')
  return dialog
}
