// Where the order-line form plugs in. The catalog screens and the cart (features) open it through
// ui/order-line-button, but ui never imports a feature: the `_main` route, which may import
// features, provides the form's component here (lazily loaded), and the button renders it.
import { createContext, useContext, type ComponentType } from 'react'
import type { CartLine } from '../../domain/types'

/** The article a new line is for (what the button opens the form with). */
export interface OrderTarget {
  numArticle: string
  numLot?: string | null
  numBatiment?: string | number | null
  numExploitation?: string | number | null
  /** Optional: what the screen already knows (the form reads the rest from the article list). */
  libelle?: string | null
  libelleArticle?: string | null
  codeTypeArticle?: string | null
  numAdresse?: string | number | null
  numContrat?: string | null
  /** An advised order (feed forecasts) opens the form with its line already filled in. */
  prefill?: OrderPrefill | null
}

/** What an advised order fills in besides the article, address, lot and building. */
export interface OrderPrefill {
  quantiteCommande: number
  codeModeCamion?: string | null
  codeTypeSilo1?: string | null
  datePrevueLivraison?: string | null
  finDatePrevueLivraison?: string | null
  matinApmidi?: string | null
  finMatinApmidi?: string | null
}

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
