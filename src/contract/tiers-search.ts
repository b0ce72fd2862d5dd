import * as v from 'valibot'
import { NumTiers } from './common'

export const TIERS_SEARCH_PATH = '/web/v1/tiers/search'
export const ACTING_FOR_PATH = '/web/user/me/tiers'

export const TiersSearchQuery = v.object({
  q: v.pipe(v.string(), v.trim(), v.minLength(3, 'Veuillez entrer au minimum 3 caratères'), v.maxLength(80)),
})

/** A member in the search results (cart-orders-admin §3 "Member (tiers) in search"). */
export const TiersTrouve = v.object({
  numTiers: v.string(),
  raisonSociale: v.string(),
  adresse: v.object({ ville: v.nullable(v.string()), codePostal: v.nullable(v.string()) }),
})
export type TiersTrouve = v.InferOutput<typeof TiersTrouve>
export const TiersSearchResult = v.array(TiersTrouve)

/** PUT /web/user/me/tiers — the member a staff user acts for (null: stop acting for anyone). */
export const ActingForBody = v.object({
  numTiers: v.nullable(NumTiers),
})
export type ActingForBody = v.InferOutput<typeof ActingForBody>
