// The cooperative's door (ARCHITECTURE.md; issue 41): what its ERP reads and writes under
// /api/integration/v1 with an API key (Authorization: Bearer). Changes are additive: a field is
// never renamed. docs/integration.md tells the whole story with examples.
import * as v from 'valibot'
import { distinctBy, Int, IsoDate, NumTiers, Text } from './common'
import { IdLigne, NumArticle, NumCommande, NumLivraison, ouVide, REGLES } from './identifiants'
import { LigneCommande } from './commandes'
import { atMostTonnesDecimales, TONNES_DECIMALES_MESSAGE } from './tonnes'

export const INTEGRATION_PREFIX = '/api/integration/v1'
export const FLUX_COMMANDES_ROUTE = '/api/integration/v1/commandes'
export const ETAPES_COMMANDE_ROUTE = '/api/integration/v1/commandes/:numero/etapes'
export const LIVRAISONS_INTEGRATION_ROUTE = '/api/integration/v1/livraisons'

/** The order steps (cart-orders-admin §4), in their forward sequence, then the two beside it. */
export const ETAPES = [
  'ENREGISTREE',
  'VALORISEE',
  'PREPAREE',
  'LOGISTIQUE',
  'LIVREE',
  'FACTUREE',
  'SUPPRIMEE',
  'ERREUR',
] as const

// ---- The feed: GET /api/integration/v1/commandes?apres&limite --------------------------------

const FLUX_LIMITE_DEFAUT = 100
const FLUX_LIMITE_MAX = 500
/** A position in the feed: the last one the consumer has read ('0' or nothing: from the start). */
const Curseur = v.pipe(
  v.string('Curseur invalide'),
  v.regex(/^\d{1,15}$/, 'Curseur invalide : la position (nombre entier) de la dernière commande lue'),
  v.transform(Number),
)
export const FluxQuery = v.object({
  apres: v.optional(Curseur, '0'),
  limite: v.optional(
    v.pipe(
      Int(),
      v.minValue(1, 'limite de 1 au moins'),
      v.maxValue(FLUX_LIMITE_MAX, `limite de ${FLUX_LIMITE_MAX} au plus`),
    ),
    FLUX_LIMITE_DEFAUT,
  ),
})
export type FluxQuery = v.InferOutput<typeof FluxQuery>

const LigneFlux = v.object({
  ...LigneCommande.entries,
  numContrat: v.nullable(v.string()),
  numExploitation: v.nullable(v.number()),
  numDomiciliationBancaire: v.nullable(v.number()),
})

export const CommandeFlux = v.object({
  /** Its place in the feed: send it as `apres` to read what follows. */
  position: v.number(),
  numero: v.string(),
  /** ISO instant the order was accepted. */
  date: v.string(),
  commentaire: v.nullable(v.string()),
  tiers: v.object({ numTiers: v.string(), raisonSociale: v.string() }),
  /** The staff member who sent it for the member (connect-as); null when the member did. */
  personnel: v.nullable(v.object({ username: v.string(), nom: v.string() })),
  /** The Idempotency-Key the app sent it with (null before the feed existed). */
  cleIdempotence: v.nullable(v.string()),
  /** The payment modes its lines use. */
  modesReglement: v.array(v.object({ codeReglement: v.string(), libelle: v.string() })),
  lignes: v.array(LigneFlux),
})
export type CommandeFlux = v.InferOutput<typeof CommandeFlux>

export const FluxCommandes = v.object({
  /** In feed order: each accepted order once. */
  commandes: v.array(CommandeFlux),
  /** The cursor to send as `apres` next time: the last position of this page (or the one given). */
  suivant: v.string(),
  /** More orders are waiting: ask again at once. */
  encore: v.boolean(),
})
export type FluxCommandes = v.InferOutput<typeof FluxCommandes>

// ---- Steps back: POST /api/integration/v1/commandes/{numero}/etapes ---------------------------

const EtapeSchema = v.picklist(ETAPES, `Étape inconnue : une de ${ETAPES.join(', ')}`)
/**
 * Tonnes as a number, or as text with a comma or a point, at most 3 decimals (the kg: a 4th is
 * refused with 422, TONNES_DECIMALES_REFUS); what else makes no sense is refused with 422 too.
 */
const Tonnes = v.pipe(
  v.union([v.number(), Text(20)], 'quantité en tonnes attendue'),
  v.check(atMostTonnesDecimales, TONNES_DECIMALES_MESSAGE),
)
/** The schema's refusals that are a well-formed request's values, answered 422 rather than 400. */
export const TONNES_DECIMALES_REFUS = [atMostTonnesDecimales] as const
const Instant = v.pipe(
  v.string(),
  v.isoTimestamp('Instant ISO attendu (2026-11-25T14:30:00+01:00)'),
  v.check((s) => Number.isFinite(Date.parse(s)), 'Instant ISO attendu (2026-11-25T14:30:00+01:00)'),
)

const LigneEtapePayload = v.object({
  idLigne: IdLigne,
  etape: EtapeSchema,
  /** LIVREE: the tonnes delivered (default: the quantity ordered). */
  quantiteLivree: v.optional(Tonnes),
  /** LIVREE: the day delivered (default: today). */
  dateLivraison: v.optional(IsoDate),
})

export const EtapesPayload = v.pipe(
  v.object({
    /** The whole order: every line moves to this step. */
    etape: v.optional(EtapeSchema),
    quantiteLivree: v.optional(Tonnes),
    dateLivraison: v.optional(IsoDate),
    /** Or line by line. */
    lignes: v.optional(
      v.pipe(
        v.array(LigneEtapePayload),
        v.minLength(1, 'au moins une ligne'),
        v.maxLength(100, '100 lignes au plus'),
        distinctBy((l: v.InferOutput<typeof LigneEtapePayload>) => l.idLigne, 'ligne en double'),
      ),
    ),
    /** LIVREE: the delivery's number in the ERP (default: Silo makes one per line). */
    numLivraison: v.optional(NumLivraison),
    /** When the step happened (default: now). */
    horodatage: v.optional(Instant),
  }),
  v.check(
    (p) => (p.etape === undefined) !== (p.lignes === undefined),
    'Donnez soit etape (toute la commande), soit lignes (ligne par ligne)',
  ),
)
export type EtapesPayload = v.InferOutput<typeof EtapesPayload>

export const EtapesParams = v.object({
  numero: NumCommande,
})

export const EtapesResultat = v.object({
  numero: v.string(),
  numTiers: v.string(),
  lignes: v.array(v.object({ idLigne: v.string(), etape: v.string() })),
  /** The deliveries written in the member's history by LIVREE. */
  livraisons: v.array(v.object({ numLivraison: v.string(), dateEffectiveLivraison: IsoDate })),
})
export type EtapesResultat = v.InferOutput<typeof EtapesResultat>

// ---- Deliveries: POST /api/integration/v1/livraisons ------------------------------------------

const OptInt = v.nullish(Int())
const LigneLivraisonPayload = v.object({
  numArticle: NumArticle,
  quantiteLivree: Tonnes,
  numAdresse: OptInt,
  numExploitation: OptInt,
  numBatiment: OptInt,
  numLot: ouVide(REGLES.numLot),
  /** The order it delivers, if any (Silo's, or a past order imported). */
  numCommande: ouVide(REGLES.numCommande),
})

export const LivraisonPayload = v.object({
  numLivraison: NumLivraison,
  numTiers: NumTiers,
  dateEffectiveLivraison: IsoDate,
  codeModeCamion: v.nullish(Text(10)),
  lignes: v.pipe(
    v.array(LigneLivraisonPayload),
    v.minLength(1, 'au moins une ligne'),
    v.maxLength(50, '50 lignes au plus'),
  ),
})
export type LivraisonPayload = v.InferOutput<typeof LivraisonPayload>

export const LivraisonEnregistree = v.object({
  numLivraison: v.string(),
  numTiers: v.string(),
  dateEffectiveLivraison: IsoDate,
  lignes: v.number(),
})
export type LivraisonEnregistree = v.InferOutput<typeof LivraisonEnregistree>
