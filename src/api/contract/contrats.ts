// GET /web/v1/tiers/{numTiers}/contrats (ordering-area §2 Contracts, §3 Contract).
import * as v from 'valibot'
import { fill } from './paths'
import { IsoDate } from './common'

export const CONTRATS_ROUTE = '/web/v1/tiers/:numTiers/contrats'
export const contratsPath = (numTiers: string) => fill(CONTRATS_ROUTE, { numTiers })

/** dateValidite: contracts not ended on that day (default today). */
export const ContratsQuery = v.object({
  typeTiers: v.optional(v.string()),
  numEntite: v.optional(v.string()),
  dateValidite: v.optional(IsoDate),
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
