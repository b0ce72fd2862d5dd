import * as v from 'valibot'
import { fill } from './paths'

export const TIERS_ROUTE = '/web/v1/tiers/:numTiers'
export const tiersPath = (numTiers: string) => fill(TIERS_ROUTE, { numTiers })

export const Adresse = v.object({
  numAdr: v.number(),
  etat: v.string(),
  adresse1: v.nullable(v.string()),
  adresse2: v.nullable(v.string()),
  adresse3: v.nullable(v.string()),
  codePostal: v.string(),
  ville: v.string(),
})
export type Adresse = v.InferOutput<typeof Adresse>

/** GET /web/v1/tiers/{numTiers} (ordering-area §3 Customer). */
export const Tiers = v.object({
  numTiers: v.string(),
  raisonSociale: v.string(),
  typeTiers: v.string(),
  numEntite: v.string(),
  hasLots: v.boolean(),
  email: v.nullable(v.string()),
  adresses: v.array(Adresse),
})
export type Tiers = v.InferOutput<typeof Tiers>
