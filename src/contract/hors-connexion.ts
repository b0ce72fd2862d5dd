// GET /web/v1/tiers/{numTiers}/hors-connexion (issue 50): everything an order needs for one
// member, in one compressed download with a version. It replaces the preparation's hundred grouped
// per-article reads: the per-article answers (supplements, minerals, an article's bounds, delivery
// constraints and address checks per address) come as the tables they are read from, and the
// browser answers them with the same rules the server uses (src/domain/hors-connexion).
//
// The version is the ETag: a device that holds version v sends `If-None-Match: "v"` and gets 304
// when nothing in the snapshot changed. It is read from PostgreSQL (every instance agrees), and
// changes with anything in it: an import, an ERP post, a staff edit, an order.
import * as v from 'valibot'
import { Articles, ContraintesLivraison } from './articles'
import { Contrats } from './contrats'
import { Commandes, CommandePrecedente } from './commandes'
import { NumArticle, NumTiers } from './identifiants'
import { Batiments, Exploitations } from './exploitations'
import { Livraisons } from './livraisons'
import { Lots } from './lots'
import { IncidentPaiement, ReglementTiers } from './paiement'
import { ParametresCommande } from './parametres-commande'
import { fill } from './paths'
import { Referentiel } from './referentiel'
import { Tiers } from './tiers'

export const HORS_CONNEXION_ROUTE = '/web/v1/tiers/:numTiers/hors-connexion'
export const horsConnexionPath = (numTiers: string) => fill(HORS_CONNEXION_ROUTE, { numTiers })

/** An article cited by a supplement or mineral row (not necessarily orderable by the member). */
export const ArticleCite = v.object({
  numArticle: NumArticle,
  libelle: v.string(),
  libelleLong: v.nullable(v.string()),
  codeTypeArticle: v.string(),
  codeSousTypeArticle: v.nullable(v.string()),
})
export type ArticleCite = v.InferOutput<typeof ArticleCite>

/** The tables the per-article reads are answered from, for the member's orderable articles and
 * the articles of their lots' plans, and the member's addresses. */
export const TablesArticles = v.object({
  cites: v.array(ArticleCite),
  /** article → supplement offered with it, by group (ordering-area §3). */
  supplementations: v.array(
    v.object({ numArticle: NumArticle, numArticleSupplementation: NumArticle, groupe: v.string() }),
  ),
  mineraux: v.array(v.object({ numArticle: NumArticle, numArticleMineral: NumArticle })),
  /** An article's own bounds; absent → none. */
  contraintesArticle: v.array(
    v.object({
      numArticle: NumArticle,
      quantiteMin: v.nullable(v.number()),
      quantiteMax: v.nullable(v.number()),
      quantiteMaxMineral: v.nullable(v.number()),
    }),
  ),
  /** Per article and address of this member; absent → the default (src/domain/hors-connexion). */
  contraintesLivraison: v.array(
    v.object({ numArticle: NumArticle, numAdr: v.number(), ...ContraintesLivraison.entries }),
  ),
  /** The address's specifications refuse the article. */
  incompatibilites: v.array(v.object({ numArticle: NumArticle, numAdr: v.number(), motif: v.nullable(v.string()) })),
})
export type TablesArticles = v.InferOutput<typeof TablesArticles>

export const HorsConnexion = v.object({
  numTiers: NumTiers,
  /** The ETag's value, without quotes. */
  version: v.string(),
  /** When the server read it (ISO 8601 with offset): "Prêt hors connexion — données du …". */
  genereLe: v.string(),
  tiers: Tiers,
  referentiel: Referentiel,
  /** The order parameters with no article (contraintesArticle null). */
  parametresCommande: ParametresCommande,
  articles: Articles,
  tables: TablesArticles,
  lots: Lots,
  contrats: Contrats,
  exploitations: Exploitations,
  batiments: Batiments,
  reglementTiers: ReglementTiers,
  incidentPaiement: IncidentPaiement,
  /** The first page of the orders under way, as the screen asks it (LIMITE_DEFAUT). */
  commandesEnCours: Commandes,
  /** The first page of the order history: the window ending today (3 months), LIMITE_DEFAUT
   * orders, and the day of the newest older order (COMMANDE_PRECEDENTE). */
  commandesHistorique: v.object({
    dateDebut: v.string(),
    dateFin: v.string(),
    commandes: Commandes,
    precedente: CommandePrecedente,
  }),
  /** The first page of the delivery history, as GET livraisons with no parameter answers it. */
  livraisons: Livraisons,
})
export type HorsConnexion = v.InferOutput<typeof HorsConnexion>
