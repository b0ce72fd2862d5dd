// GET /web/v1/tiers/{numTiers}/incident-paiement and /reglement-tiers (ordering-area §3, §7;
// cart-orders-admin §3 Payment proposal).
import * as v from 'valibot'
import { fill } from './paths'
import { IsoDate } from './common'

export const INCIDENT_PAIEMENT_ROUTE = '/web/v1/tiers/:numTiers/incident-paiement'
export const incidentPaiementPath = (numTiers: string) => fill(INCIDENT_PAIEMENT_ROUTE, { numTiers })
export const REGLEMENT_TIERS_ROUTE = '/web/v1/tiers/:numTiers/reglement-tiers'
export const reglementTiersPath = (numTiers: string) => fill(REGLEMENT_TIERS_ROUTE, { numTiers })

export const IncidentPaiementQuery = v.object({ typeTiers: v.optional(v.string()), numEntite: v.optional(v.string()) })
/** A blocking incident shows the Contentieux dialog and logs the user out. */
export const IncidentPaiement = v.object({
  bloquant: v.boolean(),
  libelle: v.nullable(v.string()),
  dateIncident: v.nullable(IsoDate),
})
export type IncidentPaiement = v.InferOutput<typeof IncidentPaiement>

export const ReglementTiersQuery = v.object({
  typeTiers: v.optional(v.string()),
  numEntite: v.optional(v.string()),
  numArticle: v.optional(v.string()),
  codeTArt: v.optional(v.string()),
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
  typeTiers: v.optional(v.string()),
  numEntite: v.optional(v.string()),
  numArticle: v.pipe(v.string(), v.regex(/^[0-9A-Z]{1,20}$/, "Numéro d'article invalide")),
  codeTArt: v.optional(v.string()),
  /** The line's delivery start: the due date counts from it. */
  dateValidite: IsoDate,
  numLot: v.optional(v.string()),
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
