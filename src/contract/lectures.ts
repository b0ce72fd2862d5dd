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
/** The code of a group refused by the session's budget (429, Retry-After: src/server/services/
 * lectures-budget.ts): the client waits that long, then sends the group again. */
export const LECTURES_LIMITEES = 'LECTURES_LIMITEES'

const GROUPABLE_ROUTES = [
  SUPPLEMENTATIONS_ROUTE,
  MINERAUX_ROUTE,
  CONTRAINTES_LIVRAISON_ROUTE,
  PARAMETRES_COMMANDE_PATH,
  REGLEMENT_TIERS_ROUTE,
]
// Each route's template as a pattern: a ':name' segment is one URL-encoded segment; a query may follow.
const GROUPABLE = GROUPABLE_ROUTES.map((route) => new RegExp(`^${route.replace(/:\w+/g, '[^/?#]+')}(\\?[^#]*)?$`))

const MAX_LENGTH = 2000
// Issue 42: the list above was checked on the path as written, and the path was resolved after
// (`..\..\` and `%2e%2e/` climbed out of the listed route: the app shell came back a hundred times).
// A path is now taken only in its normal form — the one URL resolution, any proxy and the router
// all read alike — and refused when normalizing would change it: a backslash, a `.` or `..`
// segment, an empty one (`//`), a fragment, a space or a control character, a percent-encoded
// character that needs no encoding (RFC 3986 §6.2.2.2: `%2e`, `%41`…), an encoded `/`, `\` or `%`
// (`%2f`, `%5c`, `%252e`: a second decoding would make them separators or dots), lower-case hex.
const BASE = 'http://lecture.invalid'
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\\#\s\u0000-\u001f\u007f]/
const UNRESERVED = /[A-Za-z0-9\-._~]/

function normalSegment(segment: string): boolean {
  if (segment === '' || segment === '.' || segment === '..') return false
  for (const [, hex] of segment.matchAll(/%(.{0,2})/g)) {
    if (!/^[0-9A-F]{2}$/.test(hex!)) return false // lower-case or malformed
    const char = String.fromCharCode(parseInt(hex!, 16))
    if (UNRESERVED.test(char) || char === '/' || char === '\\' || char === '%') return false
  }
  return true
}

/**
 * The path as the server will read it, or null when it is not already in its normal form (any
 * rewriting by normalization refuses it: the groupable check is made on what will be read).
 */
function normalizedRead(url: string): string | null {
  if (url.length > MAX_LENGTH || !url.startsWith('/') || FORBIDDEN.test(url)) return null
  let parsed: URL
  try {
    parsed = new URL(url, BASE)
  } catch {
    return null
  }
  const normal = parsed.pathname + parsed.search
  if (parsed.origin !== BASE || normal !== url) return null
  return parsed.pathname.split('/').slice(1).every(normalSegment) ? normal : null
}

const listed = (normal: string) => GROUPABLE.some((p) => p.test(normal))

/** Whether this path (with its query) is, in its normal form, one of the reads that may be grouped. */
export const isGroupableRead = (url: string): boolean => {
  const normal = normalizedRead(url)
  return normal !== null && listed(normal)
}

const LECTURE_NON_NORMALE =
  'Chemin de lecture non normalisé (\\, segment . ou .., //, caractère encodé sans raison ou fragment)'
const NON_GROUPABLE = 'Lecture non groupable'

export const Lectures = v.object({
  chemins: v.pipe(
    v.array(
      v.pipe(
        v.string(),
        // Normalized once, then the list checked on that form: one reason per path.
        v.rawCheck(({ dataset, addIssue }) => {
          if (!dataset.typed) return
          const normal = normalizedRead(dataset.value)
          if (normal === null) addIssue({ message: LECTURE_NON_NORMALE })
          else if (!listed(normal)) addIssue({ message: NON_GROUPABLE })
        }),
      ),
    ),
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
