// Orders as the farmer follows them (cart-orders-admin §2 "Orders screen", §3 Order, §4 steps):
// GET /web/v1/tiers/{numTiers}/commandes/commandes-en-cours and /commandes?etapes&dateDebut&dateFin.
import * as v from 'valibot'
import { IsoDate } from './common'

const base = (numTiers: string) => `/web/v1/tiers/${encodeURIComponent(numTiers)}/commandes`
export const commandesPath = base
export const commandesEnCoursPath = (numTiers: string) => `${base(numTiers)}/commandes-en-cours`
export const commandePath = (numTiers: string, numero: string) => `${base(numTiers)}/${encodeURIComponent(numero)}`

const Etapes = v.pipe(
  v.string(),
  v.regex(/^[A-Z]+(,[A-Z]+)*$/, 'Liste d’étapes attendue, séparées par des virgules'),
  v.transform((s) => s.split(',')),
)
export const CommandesQuery = v.object({ etapes: Etapes, dateDebut: IsoDate, dateFin: IsoDate })
export const CommandeParams = v.object({
  numTiers: v.pipe(v.string(), v.regex(/^\d{1,10}$/, 'Numéro de tiers invalide')),
  numero: v.pipe(v.string(), v.regex(/^\d{1,12}$/, 'Numéro de commande invalide')),
})

export const LigneCommande = v.object({
  idLigne: v.string(),
  etape: v.string(),
  numArticle: v.string(),
  libelleArticle: v.string(),
  codeTypeArticle: v.string(),
  quantiteCommande: v.number(),
  codeUniteArticle: v.string(),
  numAdresse: v.nullable(v.number()),
  datePrevueLivraison: IsoDate,
  finDatePrevueLivraison: IsoDate,
  matinApmidi: v.string(),
  finMatinApmidi: v.string(),
  codeModeCamion: v.string(),
  codeTypeSilo1: v.nullable(v.string()),
  codeTypeSilo2: v.nullable(v.string()),
  codeTypeSilo3: v.nullable(v.string()),
  melangeDechargement: v.boolean(),
  numLot: v.nullable(v.string()),
  numBatiment: v.nullable(v.number()),
  codeReglement: v.nullable(v.string()),
  commentaire: v.nullable(v.string()),
  supplementations: v.array(v.object({ numArticle: v.string(), libelleArticle: v.string() })),
  /** quantiteCommande in percent. */
  mineraux: v.array(v.object({ numArticle: v.string(), libelleArticle: v.string(), quantiteCommande: v.number() })),
})
export type LigneCommande = v.InferOutput<typeof LigneCommande>

export const Commande = v.object({
  id: v.number(),
  numero: v.string(),
  /** ISO instant the order was received. */
  date: v.string(),
  /** The lines' common step, or the least advanced one when they differ. */
  etape: v.string(),
  commentaire: v.nullable(v.string()),
  lignes: v.array(LigneCommande),
})
export type Commande = v.InferOutput<typeof Commande>
export const Commandes = v.array(Commande)
