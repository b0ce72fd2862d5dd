// Shapes shared by every resource of the HTTP contract.
import * as v from 'valibot'

/** Error body of every non-2xx answer: a French reason the global error dialog shows after "Raison : ". */
export const ErrorBody = v.object({
  message: v.string(),
  code: v.optional(v.string()),
})
export type ErrorBody = v.InferOutput<typeof ErrorBody>

export const IsoDate = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, 'Date attendue au format aaaa-mm-jj'))
export const NumTiers = v.pipe(v.string(), v.regex(/^\d{1,10}$/, 'Numéro de tiers invalide'))

export const NumTiersParam = v.object({ numTiers: NumTiers })
