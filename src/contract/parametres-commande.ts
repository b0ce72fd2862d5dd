// GET /web/v1/referentiel/parametres-commande?numArticle&numTiers&numLot — the order parameters
// (ordering-area §3 "Order parameters", §9), read by src/domain's rules on both sides.
import * as v from 'valibot'
import { IsoDate, NumTiers } from './common'
import { NumArticle, NumLot, REGLES } from './identifiants'

export const PARAMETRES_COMMANDE_PATH = '/web/v1/referentiel/parametres-commande'

export const ParametresCommandeQuery = v.object({
  numTiers: NumTiers,
  numArticle: v.optional(NumArticle),
  /** '' : no lot (what a cart line without one sends). */
  numLot: v.optional(v.union([v.literal(''), NumLot], REGLES.numLot.message)),
})

const TruckLimits = v.object({
  min: v.nullable(v.number()),
  max: v.nullable(v.number()),
  delaiHeures: v.nullable(v.number()),
})

export const ParametresCommande = v.object({
  /** 'HH:00:00'. */
  heurePivot: v.string(),
  /** Public holidays known to the cooperative (national and local), from today to the horizon. */
  joursFeries: v.array(v.object({ date: IsoDate, libelle: v.string() })),
  /** ISO-8601 durations. */
  delaisCommande: v.object({
    delaisHeurePivot: v.string(),
    delaisMax: v.string(),
    delaisAlerte: v.string(),
    delaiAlerteFeries: v.number(),
  }),
  intervalleLivraison: v.object({ ecartDate: v.string() }),
  modesCamion: v.record(v.string(), TruckLimits),
  quantiteMaxMineral: v.number(),
  quantiteMaxAlimentSimple: v.number(),
  quantiteMaxAlimentSimpleContrat: v.number(),
  typesSiloDefault: v.array(v.string()),
  /** Only with numArticle: the article's quantity bounds (null fields: the spec's defaults). */
  contraintesArticle: v.nullable(
    v.object({
      quantiteMin: v.nullable(v.number()),
      quantiteMax: v.nullable(v.number()),
      quantiteMaxMineral: v.nullable(v.number()),
    }),
  ),
})
export type ParametresCommande = v.InferOutput<typeof ParametresCommande>
