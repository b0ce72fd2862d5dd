// GET /web/v1/tiers/{numTiers}/livraisons?dateFin — one 3-month window of the delivery history
// (ordering-area §2 Historique, §3 "Delivery history line", §9 paging).
import * as v from 'valibot'
import { IsoDate } from './common'
import { ContraintesLivraison } from './articles'

export const livraisonsPath = (numTiers: string) => `/web/v1/tiers/${encodeURIComponent(numTiers)}/livraisons`

/** No dateFin: the window ending today. */
export const LivraisonsQuery = v.object({ dateFin: v.optional(IsoDate) })

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
})
export type Livraisons = v.InferOutput<typeof Livraisons>
