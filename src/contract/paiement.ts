// GET /web/v1/tiers/{numTiers}/incident-paiement and /reglement-tiers (ordering-area §3, §7;
// cart-orders-admin §3 Payment proposal).
import * as v from 'valibot'
import { fill } from './paths'
import { CodeTArt, IsoDate, NumArticleQuery, NumEntite, TypeTiers } from './common'
import { NumLot } from './identifiants'
import { CODE_ENTITE } from './limits'

export const INCIDENT_PAIEMENT_ROUTE = '/web/v1/tiers/:numTiers/incident-paiement'
export const incidentPaiementPath = (numTiers: string) => fill(INCIDENT_PAIEMENT_ROUTE, { numTiers })
export const REGLEMENT_TIERS_ROUTE = '/web/v1/tiers/:numTiers/reglement-tiers'
export const reglementTiersPath = (numTiers: string) => fill(REGLEMENT_TIERS_ROUTE, { numTiers })

// The queries of ordering-area §7, sent by the app in this order (the first screen's preload
// writes the same URL: src/server/http/first-screen-preload.ts). Optional on the server for the
// clients of earlier versions; validated when present.
export const IncidentPaiementQuery = v.object({ typeTiers: v.optional(TypeTiers), numEntite: v.optional(NumEntite) })
export const incidentPaiementQuery = (typeTiers: string) => ({ typeTiers, numEntite: CODE_ENTITE })
/** A blocking incident shows the Contentieux dialog and logs the user out. */
export const IncidentPaiement = v.object({
  bloquant: v.boolean(),
  libelle: v.nullable(v.string()),
  dateIncident: v.nullable(IsoDate),
})
export type IncidentPaiement = v.InferOutput<typeof IncidentPaiement>

export const ReglementTiersQuery = v.object({
  typeTiers: v.optional(TypeTiers),
  numEntite: v.optional(NumEntite),
  numArticle: v.optional(NumArticleQuery),
  codeTArt: v.optional(CodeTArt),
})
export const reglementTiersQuery = (typeTiers: string, numArticle?: string | null, codeTArt?: string | null) => ({
  typeTiers,
  numEntite: CODE_ENTITE,
  numArticle: numArticle || undefined,
  codeTArt: codeTArt || undefined,
})

const DomiciliationBancaire = v.object({
  numDomiciliationBancaire: v.number(),
  numeroCompte: v.string(),
  nomBanque: v.string(),
})
const ModeReglement = v.object({
  codeRegt: v.string(),
  libelle: v.string(),
  parDefaut: v.boolean(),
  /** Percent, shown read-only. */
  tauxEscompte: v.number(),
  /** Days after the delivery start. */
  delaiEcheanceJours: v.number(),
  avecDomiciliation: v.boolean(),
})
/** The payment modes the customer may use, the default first, and their bank domiciliations. */
export const ReglementTiers = v.object({
  modes: v.array(ModeReglement),
  domiciliations: v.array(DomiciliationBancaire),
})
export type ReglementTiers = v.InferOutput<typeof ReglementTiers>

// GET /web/v1/tiers/{numTiers}/reglement-commande — the payment proposal for one line
// (cart-orders-admin §3 "Payment proposal"): modes with their due date for that line's delivery.
export const REGLEMENT_COMMANDE_ROUTE = '/web/v1/tiers/:numTiers/reglement-commande'
export const reglementCommandePath = (numTiers: string) => fill(REGLEMENT_COMMANDE_ROUTE, { numTiers })
export const ReglementCommandeQuery = v.object({
  typeTiers: v.optional(TypeTiers),
  numEntite: v.optional(NumEntite),
  numArticle: NumArticleQuery,
  codeTArt: v.optional(CodeTArt),
  /** The line's delivery start: the due date counts from it. */
  dateValidite: IsoDate,
  numLot: v.optional(NumLot),
})
const PropositionReglement = v.object({
  codeRegt: v.string(),
  libelle: v.string(),
  parDefaut: v.boolean(),
  datePrevEche: IsoDate,
  tauxEscompte: v.number(),
  domiciliationsBancaires: v.array(
    v.object({ numDomiciliationBancaire: v.string(), numeroCompte: v.string(), nomBanque: v.string() }),
  ),
})
type PropositionReglement = v.InferOutput<typeof PropositionReglement>
export const PropositionsReglement = v.array(PropositionReglement)
