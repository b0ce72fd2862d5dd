// The cart line (ordering-area §4 "Cart", cart-orders-admin §3): the order line the farmer is
// writing, as the device keeps it (Dexie) and as src/domain's rules read it. It is the sent line
// (LigneCommandePayload, commandes.ts) before it is complete: every field may still be missing,
// numbers may still be the text of a select, and two fields exist only on the device
// (commentairesPredefinis, datesInvalides). The payload is made from it by src/domain's
// prepareOrder; stored rows are parsed with it on read (src/offline/cart.ts).
import * as v from 'valibot'

const Texte = v.nullish(v.string())
/** A number the form may still hold as the text of its select ("12"). */
const Numero = v.nullish(v.union([v.string(), v.number()]))

export const SupplementationLigne = v.object({
  numArticle: v.string(),
  libelleArticle: Texte,
  libelleLong: Texte,
  codeSousTypeArticle: Texte,
  groupe: Texte,
})
export type SupplementationLigne = v.InferOutput<typeof SupplementationLigne>

export const MineralLigne = v.object({
  numArticle: v.string(),
  libelleArticle: Texte,
  codeTypeArticle: Texte,
  /** A percentage (incorporation rate), or its text as typed ("2,5"). */
  quantiteCommande: Numero,
})
export type MineralLigne = v.InferOutput<typeof MineralLigne>

const Liste = <T extends v.GenericSchema>(item: T) => v.nullish(v.pipe(v.array(item), v.readonly()))

export const LignePanier = v.object({
  /** The line's number in its cart: 3 digits, zero-padded ('001'); '' while the form is new. */
  idLigne: v.string(),
  numArticle: Texte,
  libelleArticle: Texte,
  codeTypeArticle: Texte,
  codeFamilleArticle: Texte,
  codeFiliere: Texte,
  codeDepartement: Texte,
  codeUniteArticle: Texte,
  numContrat: Texte,
  numLot: Texte,
  numBatiment: Numero,
  numExploitation: Texte,
  numAdresse: Numero,
  /** 'yyyy-MM-dd' once chosen (the rules check it). */
  datePrevueLivraison: Texte,
  finDatePrevueLivraison: Texte,
  matinApmidi: Texte,
  finMatinApmidi: Texte,
  codeModeCamion: Texte,
  codeTypeSilo1: Texte,
  codeTypeSilo2: Texte,
  codeTypeSilo3: Texte,
  melangeDechargement: v.nullish(v.boolean()),
  supplementations: Liste(SupplementationLigne),
  mineraux: Liste(MineralLigne),
  /** Tonnes when codeUniteArticle is T. */
  quantiteCommande: v.nullish(v.number()),
  codeReglement: Texte,
  numDomiciliationBancaire: Texte,
  commentaire: Texte,
  /** Device only: the predefined comments ticked in the form. */
  commentairesPredefinis: Liste(v.string()),
  /** Device only: the line's window is no longer allowed (the cart's date check); the cart asks to fix it. */
  datesInvalides: v.nullish(v.boolean()),
})
export type LignePanier = v.InferOutput<typeof LignePanier>

/** The last dates and slots chosen: the next line's defaults (ordering-area §4 "Cart"). */
export const DerniereLivraison = v.object({
  datePrevueLivraison: v.nullable(v.string()),
  finDatePrevueLivraison: v.nullable(v.string()),
  matinApmidi: v.nullable(v.string()),
  finMatinApmidi: v.nullable(v.string()),
})

/**
 * A cart's header, on the device only: the next line's defaults, and the comments that go with
 * the order (predefined labels → ticked, the free text under 'libre'); what another version of
 * Silo keeps there is kept too.
 */
export const EnTetePanier = v.looseObject({
  lastDelivery: v.optional(DerniereLivraison),
  commentaires: v.optional(v.record(v.string(), v.nullish(v.union([v.boolean(), v.string()])))),
})
