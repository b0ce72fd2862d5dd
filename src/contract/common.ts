// Shapes shared by every resource of the HTTP contract, and the building blocks every request
// schema uses so that a bad input is refused here, with a French reason naming the field, before
// the server reads or writes anything (a NUL byte or 2026-02-30 never reaches the database).
import * as v from 'valibot'
import { NumArticle, NumTiers } from './identifiants'
import { dayNumberOfIso } from './iso-date'

/** Error body of every non-2xx answer: a French reason the global error dialog shows after "Raison : ". */
export const ErrorBody = v.object({
  message: v.string(),
  code: v.optional(v.string()),
  /** A 500 only: the id the server logged the fault with. */
  requestId: v.optional(v.string()),
})
export type ErrorBody = v.InferOutput<typeof ErrorBody>

// Tab, line feed and carriage return are text a farmer may type in a comment; the other C0
// controls and DEL are not (PostgreSQL refuses NUL in text outright).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/
export const CONTROLE_INTERDIT = 'caractère de contrôle interdit'
export const hasControlChar = (s: string): boolean => CONTROL.test(s)

/** Text of at most `max` characters, with no control character. */
export const Text = (max: number, tooLong = `${max} caractères au plus`) =>
  v.pipe(
    v.string('Texte attendu'),
    v.check((s) => !hasControlChar(s), CONTROLE_INTERDIT),
    v.maxLength(max, tooLong),
  )

/** Dates the API takes: years 1900 to 2999 (enough for any delivery, contract or history). */
const YEARS = /^(19|2\d)\d\d-/
export const DATE_INEXISTANTE = 'date inexistante'
/** A real calendar day written 'yyyy-MM-dd' (2026-02-30, 0000-00-00 and 9999-99-99 are refused). */
export const IsoDate = v.pipe(
  v.string('Date attendue au format aaaa-mm-jj'),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, 'Date attendue au format aaaa-mm-jj'),
  v.check((s) => YEARS.test(s) && dayNumberOfIso(s) !== null, DATE_INEXISTANTE),
)

/** PostgreSQL's integer: ids and numbers the API takes are whole and fit in it. */
export const INT_MAX = 2 ** 31 - 1
/** A whole number from 0 to INT_MAX, as a JSON number or a string of digits (the path names the field). */
export const Int = () =>
  v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,10}$/))], 'nombre entier attendu'),
    v.transform(Number),
    v.integer('nombre entier attendu'),
    v.minValue(0, 'nombre positif attendu'),
    v.maxValue(INT_MAX, 'nombre trop grand'),
  )

/** One milligram in tonnes: a non-zero quantity below it is noise (1e-320), never a farmer's. */
const MILLIGRAMME_EN_TONNES = 1e-9
/** A finite number, 0 or at least 1 mg in absolute value, at most `max`. */
export const Quantite = (max: number) =>
  v.pipe(
    v.number('nombre attendu'),
    v.finite('nombre fini attendu'),
    v.check((n) => n === 0 || Math.abs(n) >= MILLIGRAMME_EN_TONNES, 'quantité non nulle inférieure à 1 mg'),
    v.maxValue(max, `${max} au plus`),
  )

/** An array whose items' `key` are all different (a mineral listed twice is a forged line). */
export const distinctBy = <T>(key: (item: T) => unknown, message: string) =>
  v.check<T[], string>((items) => new Set(items.map(key)).size === items.length, message)

/** The member's number: its rule is src/contract/identifiants.ts's, the import's too. */
export { NumTiers }

export const NumTiersParam = v.object({ numTiers: NumTiers })

// The customer's identity as the catalog calls send it (ordering-area §3 "typeTiers", "The entity
// code AGR is used in calls"; §7). The server answers from its own row: typeTiers never decides
// an access, and a numEntite that is not the customer's is refused (src/server/services/entite.ts).
export const TypeTiers = v.pipe(v.string('Type de tiers invalide'), v.regex(/^[A-Z]{1,5}$/, 'Type de tiers invalide'))
export const NumEntite = v.pipe(
  v.string('Code d’entité invalide'),
  v.regex(/^[A-Z0-9]{1,10}$/, 'Code d’entité invalide'),
)
/** An article as a query parameter, and its type (codeTArt). */
export const NumArticleQuery = NumArticle
export const CodeTArt = v.pipe(v.string(), v.regex(/^[A-Z]{1,5}$/, "Type d'article invalide"))

/** A query object as a URL's search part ('' when empty), written as the fetch client writes it
 * (src/api/http-client.ts buildUrl): absent values left out, in the object's order. */
export function querySearch(query: Record<string, string | number | boolean | null | undefined>): string {
  const params = new URLSearchParams()
  for (const [k, val] of Object.entries(query)) if (val !== undefined && val !== null) params.set(k, String(val))
  const qs = params.toString()
  return qs ? `?${qs}` : ''
}
