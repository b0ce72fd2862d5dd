import * as v from 'valibot'
import { fill } from './paths'

/** Contextual help per page key (cart-orders-admin §2 item 6): VALID-PANIER, COMMENTAIRE_PANIER… */
export const AIDE_ROUTE = '/web/v1/aides/:cle'
export const aidePath = (cle: string) => fill(AIDE_ROUTE, { cle })

export const AideParam = v.object({ cle: v.pipe(v.string(), v.regex(/^[A-Z0-9_-]{2,40}$/, "Clé d'aide invalide")) })

export const Aide = v.object({ cle: v.string(), texte: v.string() })
export type Aide = v.InferOutput<typeof Aide>
