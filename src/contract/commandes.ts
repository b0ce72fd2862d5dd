// Orders as the farmer follows them (cart-orders-admin §2 "Orders screen", §3 Order, §4 steps):
// GET /web/v1/tiers/{numTiers}/commandes/commandes-en-cours and /commandes?etapes&dateDebut&dateFin.
import * as v from 'valibot'
import { distinctBy, Int, INT_MAX, IsoDate, NumTiers, Quantite, Text } from './common'
import { IdLigne, NumArticle, NumCommande, ouVide, REGLES } from './identifiants'
import { fill } from './paths'

export const COMMANDES_ROUTE = '/web/v1/tiers/:numTiers/commandes'
export const COMMANDES_EN_COURS_ROUTE = '/web/v1/tiers/:numTiers/commandes/commandes-en-cours'
export const COMMANDE_ROUTE = '/web/v1/tiers/:numTiers/commandes/:numero'
export const commandesPath = (numTiers: string) => fill(COMMANDES_ROUTE, { numTiers })
export const commandesEnCoursPath = (numTiers: string) => fill(COMMANDES_EN_COURS_ROUTE, { numTiers })
export const commandePath = (numTiers: string, numero: string) => fill(COMMANDE_ROUTE, { numTiers, numero })

const Etapes = v.pipe(
  v.string(),
  v.regex(/^[A-Z]+(,[A-Z]+)*$/, 'Liste d’étapes attendue, séparées par des virgules'),
  v.transform((s) => s.split(',')),
)

// Paging (issue 17: replies bounded whatever the customer's history). Both order lists come
// newest first, `limite` at a time; a client that sends nothing gets the first LIMITE_DEFAUT,
// which is more than the screens show at once. The body stays the spec's array, so its clients
// keep working; when more orders follow, the reply's CURSEUR_SUIVANT header carries the cursor
// to send as `apres` for the next page (it is also curseurDe(the last order of the page)).
export const LIMITE_DEFAUT = 50
const LIMITE_MAX = 200
export const CURSEUR_SUIVANT = 'X-Curseur-Suivant'
/** The order history (GET /commandes with its period): on a page that ends the period (no
 * CURSEUR_SUIVANT), the day (Paris) of the newest order received before dateDebut with a line at
 * one of the steps asked, absent when there is none. The app goes straight to the 3-month window
 * ending that day rather than through the empty ones before it (issue 49 item 8); a header, as
 * the cursor is, so the body stays the spec's array. */
export const COMMANDE_PRECEDENTE = 'X-Commande-Precedente'
/** The value of COMMANDE_PRECEDENTE, as read by the app: a day, or nothing. */
export const CommandePrecedente = v.nullable(IsoDate)
/** The position after `commande` in the newest-first order: its instant (ms) and id. */
export const curseurDe = (commande: Pick<Commande, 'id' | 'date'>): string =>
  `${Date.parse(commande.date)}.${commande.id}`
const Curseur = v.pipe(
  v.string('Curseur invalide'),
  v.regex(/^\d{1,15}\.\d{1,10}$/, 'Curseur invalide'),
  v.transform((s) => {
    const [ms, id] = s.split('.')
    return { ms: Number(ms), id: Number(id) }
  }),
  v.check((c) => c.id <= INT_MAX && c.ms <= 8.64e15, 'Curseur invalide'),
)
const Limite = v.pipe(
  Int(),
  v.minValue(1, 'limite de 1 au moins'),
  v.maxValue(LIMITE_MAX, `limite de ${LIMITE_MAX} au plus`),
)
export const PageQuery = v.object({ limite: v.optional(Limite, LIMITE_DEFAUT), apres: v.optional(Curseur) })
export type PageQuery = v.InferOutput<typeof PageQuery>
export const CommandesQuery = v.object({ etapes: Etapes, dateDebut: IsoDate, dateFin: IsoDate, ...PageQuery.entries })
export const CommandeParams = v.object({
  numTiers: NumTiers,
  numero: NumCommande,
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
  /** The forward contract the line is drawn on. Optional: answers kept on a device before it existed. */
  numContrat: v.optional(v.nullable(v.string()), null),
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

// POST /web/v1/tiers/{numTiers}/commandes (cart-orders-admin §3 "Order submission", §7). The
// lines are the cart's, prepared by src/domain's prepareOrder; the server checks every one again.
const OptStr = (max: number) => v.nullish(Text(max))
const OptNum = v.nullish(Int())
/** Tonnes: the rules refuse far less (29 t by default); this bound only keeps numbers sane. */
const TONNES_MAX = 100_000
/** A mineral's percentage: a number, or a decimal written with a point or a comma ("2,5"), nothing else ("0 5"). */
const Pourcentage = v.union(
  [Quantite(100), v.pipe(v.string(), v.regex(/^\s*\d{1,3}([.,]\d{1,6})?\s*$/, 'pourcentage attendu'))],
  'pourcentage attendu (nombre, virgule ou point décimal)',
)

const SupplementationPayload = v.object({
  numArticle: NumArticle,
  libelleArticle: OptStr(200),
  libelleLong: OptStr(300),
  codeSousTypeArticle: OptStr(4),
  groupe: OptStr(20),
})
const MineralPayload = v.object({
  numArticle: NumArticle,
  libelleArticle: OptStr(200),
  codeTypeArticle: OptStr(4),
  quantiteCommande: v.nullish(Pourcentage),
})

// What the client sends besides the farmer's choices (labels, groups, sub-types, families) is
// accepted for compatibility and ignored: the server reads those facts from its own rows.
export const LigneCommandePayload = v.object({
  idLigne: IdLigne,
  numArticle: NumArticle,
  libelleArticle: OptStr(200),
  codeTypeArticle: OptStr(4),
  codeFamilleArticle: OptStr(10),
  codeFiliere: OptStr(10),
  codeDepartement: OptStr(10),
  codeUniteArticle: OptStr(4),
  numContrat: ouVide(REGLES.numContrat),
  numLot: ouVide(REGLES.numLot),
  numBatiment: OptNum,
  numExploitation: OptNum,
  numAdresse: OptNum,
  datePrevueLivraison: v.nullish(IsoDate),
  finDatePrevueLivraison: v.nullish(IsoDate),
  matinApmidi: OptStr(4),
  finMatinApmidi: OptStr(4),
  codeModeCamion: OptStr(10),
  codeTypeSilo1: OptStr(30),
  codeTypeSilo2: OptStr(30),
  codeTypeSilo3: OptStr(30),
  melangeDechargement: v.nullish(v.boolean()),
  supplementations: v.nullish(
    v.pipe(
      v.array(SupplementationPayload),
      v.maxLength(20, '20 au plus'),
      distinctBy((s: v.InferOutput<typeof SupplementationPayload>) => s.numArticle, 'supplémentation en double'),
    ),
  ),
  mineraux: v.nullish(
    v.pipe(
      v.array(MineralPayload),
      v.maxLength(20, '20 au plus'),
      distinctBy((m: v.InferOutput<typeof MineralPayload>) => m.numArticle, 'minéral en double'),
    ),
  ),
  quantiteCommande: v.nullish(Quantite(TONNES_MAX)),
  codeReglement: OptStr(10),
  numDomiciliationBancaire: OptNum,
  commentaire: OptStr(500),
})
export type LigneCommandePayload = v.InferOutput<typeof LigneCommandePayload>

export const CommandePayload = v.object({
  numTiers: NumTiers,
  commande: v.object({
    commentaire: Text(400, 'Commentaire trop long'),
    lignes: v.pipe(
      v.array(LigneCommandePayload),
      v.minLength(1, 'La commande ne contient aucune ligne'),
      v.maxLength(100, '100 lignes au plus'),
    ),
  }),
})
export type CommandePayload = v.InferOutput<typeof CommandePayload>
/** The order as the client sends it (numbers may still be text): what src/domain's prepareOrder builds and the outbox keeps. */
export type CommandeEnvoyee = v.InferInput<typeof CommandePayload>
export type LigneCommandeEnvoyee = v.InferInput<typeof LigneCommandePayload>

/** The answer: the order's number and where its confirmation was sent (null: no address). */
export const CommandeAcceptee = v.object({ numero: v.string(), mail: v.nullable(v.string()) })
export type CommandeAcceptee = v.InferOutput<typeof CommandeAcceptee>

export const IDEMPOTENCY_HEADER = 'Idempotency-Key'
