// GET /web/v1/tiers/{numTiers}/contrats (ordering-area §2 Contracts, §3 Contract).
import * as v from 'valibot'
import { fill } from './paths'
import { IsoDate, NumEntite, TypeTiers } from './common'
import { CODE_ENTITE } from './limits'

export const CONTRATS_ROUTE = '/web/v1/tiers/:numTiers/contrats'
export const contratsPath = (numTiers: string) => fill(CONTRATS_ROUTE, { numTiers })

/** dateValidite: contracts not ended on that day (default today). */
export const ContratsQuery = v.object({
  typeTiers: v.optional(TypeTiers),
  numEntite: v.optional(NumEntite),
  dateValidite: v.optional(IsoDate),
})
/** As the app sends it (ordering-area §7), dateValidite being the day of the request in Paris. */
export const contratsQuery = (typeTiers: string, dateValidite: string) => ({
  typeTiers,
  numEntite: CODE_ENTITE,
  dateValidite,
})

export const Contrat = v.object({
  numContrat: v.string(),
  /** EA means apport. */
  codeTContrat: v.string(),
  numFormule: v.nullable(v.string()),
  libelleTypecontrat: v.string(),
  libelleArticle: v.string(),
  numArticle: v.string(),
  dateDebut: IsoDate,
  dateFin: IsoDate,
  qteContrat: v.number(),
  qteRestante: v.number(),
  contratFutur: v.boolean(),
  numLot: v.nullable(v.string()),
  numBatiment: v.nullable(v.number()),
})
export type Contrat = v.InferOutput<typeof Contrat>
export const Contrats = v.array(Contrat)
