// GET /web/v1/tiers/{numTiers}/lots — poultry lots with their feeding plans (ordering-area §3 Lot,
// Feeding plan, Plan article; §4 Plan tranche).
import * as v from 'valibot'
import { fill } from './paths'
import { IsoDate } from './common'

export const LOTS_ROUTE = '/web/v1/tiers/:numTiers/lots'
export const lotsPath = (numTiers: string) => fill(LOTS_ROUTE, { numTiers })

const ArticlePlan = v.object({
  libelle: v.string(),
  numArticle: v.string(),
  codeTypeArticle: v.string(),
  codePresentation: v.nullable(v.string()),
  artCommandable: v.boolean(),
})

const TranchePlan = v.object({
  /** Animal age in days. */
  ageMini: v.number(),
  ageMaxi: v.number(),
  /** kg per animal. */
  quantite: v.number(),
  articles: v.array(ArticlePlan),
})

export const PlanAlimentation = v.object({
  principal: v.boolean(),
  dateDebut: IsoDate,
  dateFin: IsoDate,
  libelle: v.string(),
  tranches: v.array(TranchePlan),
})
export type PlanAlimentation = v.InferOutput<typeof PlanAlimentation>

export const Lot = v.object({
  numLot: v.string(),
  numExploitation: v.number(),
  numBatiment: v.number(),
  dateMep: IsoDate,
  nbAnimaux: v.number(),
  codeFiliere: v.nullable(v.string()),
  /** Tonnes ordered per article for this lot (order lines not SUPPRIMEE or ERREUR). */
  quantitesCommandees: v.record(v.string(), v.number()),
  plansAlimentation: v.array(PlanAlimentation),
})
export type Lot = v.InferOutput<typeof Lot>
export const Lots = v.array(Lot)
