// Several reads in one request (issue 29): the preparation for no signal reads, per article the
// customer may order, its supplements, minerals, parameters, payment terms and delivery
// constraints per address — some three hundred small GETs for a demo farm, each paying a round
// trip on a barn's signal and a fetch's cost on a slow phone. POST /web/v1/lectures carries up to
// LECTURES_MAX of those GETs; the server answers each exactly as it answers it alone (the same
// route, checks and statuses: src/server/routes/lectures), in order. Only the reads listed here
// may be grouped: reference data, never a customer's orders or deliveries.
import * as v from 'valibot'
import { CONTRAINTES_LIVRAISON_ROUTE, MINERAUX_ROUTE, SUPPLEMENTATIONS_ROUTE } from './articles'
import { REGLEMENT_TIERS_ROUTE } from './paiement'
import { PARAMETRES_COMMANDE_PATH } from './parametres-commande'

export const LECTURES_PATH = '/web/v1/lectures'
/** At most this many reads per request (about 60 KB of answers for the demo's articles). */
export const LECTURES_MAX = 100

const GROUPABLE_ROUTES = [
  SUPPLEMENTATIONS_ROUTE,
  MINERAUX_ROUTE,
  CONTRAINTES_LIVRAISON_ROUTE,
  PARAMETRES_COMMANDE_PATH,
  REGLEMENT_TIERS_ROUTE,
]
// Each route's template as a pattern: a ':name' segment is one URL-encoded segment; a query may follow.
const GROUPABLE = GROUPABLE_ROUTES.map((route) => new RegExp(`^${route.replace(/:\w+/g, '[^/?#]+')}(\\?[^#]*)?$`))

/** Whether this path (with its query) is one of the reads that may be grouped. */
export const isGroupableRead = (url: string): boolean => url.length <= 2000 && GROUPABLE.some((p) => p.test(url))

const NON_GROUPABLE = 'Lecture non groupable'

export const Lectures = v.object({
  chemins: v.pipe(
    v.array(v.pipe(v.string(), v.check(isGroupableRead, NON_GROUPABLE))),
    v.minLength(1, 'Au moins une lecture'),
    v.maxLength(LECTURES_MAX, `Au plus ${LECTURES_MAX} lectures par requête`),
  ),
})
export type Lectures = v.InferOutput<typeof Lectures>

/** Each read's answer, in the order asked: its status and its body as the route alone gives it. */
export const Reponses = v.object({
  reponses: v.array(v.object({ statut: v.number(), corps: v.unknown() })),
})
export type Reponses = v.InferOutput<typeof Reponses>
