// GET /web/v1/tiers/{numTiers}/livraisons?dateFin&limite&apres — a page of one 3-month window of
// the delivery history (ordering-area §2 Historique, §3 "Delivery history line", §9 paging).
import * as v from 'valibot'
import { fill } from './paths'
import { dayNumberOfIso } from './iso-date'
import { HISTORIQUE_LIGNES_MOBILE } from './limits'
import { hasControlChar, INT_MAX, IsoDate } from './common'
import { ContraintesLivraison } from './articles'

export const LIVRAISONS_ROUTE = '/web/v1/tiers/:numTiers/livraisons'
export const livraisonsPath = (numTiers: string) => fill(LIVRAISONS_ROUTE, { numTiers })

// Paging by count within the window (issue 17: replies bounded whatever the customer's history),
// as the orders are paged: lines newest first in a total order (delivery date, delivery number,
// both descending, then the line number), `limite` at a time after the cursor `apres`. The body
// says `suite`, the cursor of the rest of the same window (also in the CURSEUR_SUIVANT header).
/** A client that sends no limite still gets a bounded page. */
export const LIVRAISONS_LIMITE_DEFAUT = 50
/** As the orders' LIMITE_MAX (not imported: the orders' contract stays out of the first screen). */
export const LIVRAISONS_LIMITE_MAX = 200
/** The app's page: mobile shows 12 lines at a time (§9), and the tablet loads as many per click. */
export const LIVRAISONS_PAGE = HISTORIQUE_LIGNES_MOBILE

/** Where a page starts: no dateFin, the window ending today; no apres, its newest line. */
/** Where a page of the delivery history starts: the window ending on dateFin ('yyyy-MM-dd'; none:
 * today's), after the line the cursor `apres` names (none: from its newest line). */
export interface LivraisonsPage {
  dateFin?: string
  apres?: string
}
/** The query the app sends for a page, in the order of its URL: the server's first-screen
 * announcement builds the same URL from it (src/server/http/first-screen-preload.ts). */
export const livraisonsPageQuery = (page: LivraisonsPage = {}) => ({
  dateFin: page.dateFin,
  limite: LIVRAISONS_PAGE,
  apres: page.apres,
})
/** That query as a URL's search part ('' when empty), as the fetch client writes it. */
export function livraisonsPageSearch(page: LivraisonsPage = {}): string {
  const params = new URLSearchParams()
  for (const [k, val] of Object.entries(livraisonsPageQuery(page))) if (val !== undefined) params.set(k, String(val))
  const qs = params.toString()
  return qs ? `?${qs}` : ''
}

/** The position after a line: its date, line number and delivery number (percent-encoded, last,
 * since a delivery number is free text). */
export const curseurLivraison = (l: {
  dateEffectiveLivraison: string
  numLivraison: string
  numLigne: number
}): string => `${l.dateEffectiveLivraison}.${l.numLigne}.${encodeURIComponent(l.numLivraison)}`
const decode = (s: string): string | null => {
  try {
    return decodeURIComponent(s)
  } catch {
    return null
  }
}
const CurseurLivraison = v.pipe(
  v.string('Curseur invalide'),
  v.regex(/^\d{4}-\d{2}-\d{2}\.\d{1,10}\.[A-Za-z0-9%._~!*'()-]{1,150}$/, 'Curseur invalide'),
  v.transform((s) => {
    const [date = '', ligne = '', ...rest] = s.split('.')
    return { date, numLigne: Number(ligne), numLivraison: decode(rest.join('.')) }
  }),
  v.check(
    (c) =>
      c.numLivraison !== null &&
      c.numLivraison.trim() !== '' &&
      !/[\t\n\r]/.test(c.numLivraison) &&
      !hasControlChar(c.numLivraison) &&
      c.numLigne <= INT_MAX &&
      dayNumberOfIso(c.date) !== null,
    'Curseur invalide',
  ),
  v.transform((c) => ({ date: c.date, numLigne: c.numLigne, numLivraison: c.numLivraison! })),
)
const Limite = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,10}$/))], 'limite : nombre entier attendu'),
  v.transform(Number),
  v.integer('limite : nombre entier attendu'),
  v.minValue(1, 'limite de 1 au moins'),
  v.maxValue(LIVRAISONS_LIMITE_MAX, `limite de ${LIVRAISONS_LIMITE_MAX} au plus`),
)

/** No dateFin: the window ending today. */
export const LivraisonsQuery = v.object({
  dateFin: v.optional(IsoDate),
  limite: v.optional(Limite, LIVRAISONS_LIMITE_DEFAUT),
  apres: v.optional(CurseurLivraison),
})
export type LivraisonsQuery = v.InferOutput<typeof LivraisonsQuery>

export const LigneLivraison = v.object({
  numLivraison: v.string(),
  numLigne: v.number(),
  dateEffectiveLivraison: IsoDate,
  numArticle: v.string(),
  libelleArticle: v.string(),
  codeTypeArticle: v.string(),
  codeFamilleArticle: v.nullable(v.string()),
  codeDepartement: v.nullable(v.string()),
  codeFiliere: v.nullable(v.string()),
  /** Whether this customer may order the article today (the line's Ajouter button). */
  artCommandable: v.boolean(),
  quantiteLivree: v.number(),
  codeModeCamion: v.nullable(v.string()),
  /** Null on a few old lines: such a line cannot be duplicated. */
  numAdresse: v.nullable(v.number()),
  numExploitation: v.nullable(v.number()),
  numBatiment: v.nullable(v.number()),
  numLot: v.nullable(v.string()),
  /** The article's delivery constraints at that address, sent along so duplication works offline. */
  contraintesLivraison: v.nullable(ContraintesLivraison),
})
export type LigneLivraison = v.InferOutput<typeof LigneLivraison>

export const Livraisons = v.object({
  dateDebut: IsoDate,
  dateFin: IsoDate,
  /** Newest first. */
  lignes: v.array(LigneLivraison),
  /** True when this window reaches 2020-11-01: nothing older can be loaded. */
  fin: v.boolean(),
  /** The cursor (apres) of the rest of this window; null when this page ends it. Missing in
   * replies and copies from before paging (a whole window): read as null. */
  suite: v.optional(v.nullable(v.string()), null),
})
export type Livraisons = v.InferOutput<typeof Livraisons>
