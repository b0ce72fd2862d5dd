// Payment incident and the customer's payment modes (ordering-area §3, §4; cart-orders-admin §3).
import { and, asc, desc, eq, gt, isNull, lte, or } from 'drizzle-orm'
import type { IncidentPaiement, ReglementTiers } from '../../contract/paiement'
import type { Db } from '../db/client'
import { readAll } from '../db/reads'
import { domiciliationsBancaires, incidentsPaiement, modesReglement, reglementsTiers } from '../db/schema'

/** The open incident, the blocking one first; none → bloquant false. */
export async function loadIncidentPaiement(db: Db, numTiers: string, today: string): Promise<IncidentPaiement> {
  const [open] = await db
    .select()
    .from(incidentsPaiement)
    .where(
      and(
        eq(incidentsPaiement.numTiers, numTiers),
        lte(incidentsPaiement.dateIncident, today),
        or(isNull(incidentsPaiement.dateLevee), gt(incidentsPaiement.dateLevee, today)),
      ),
    )
    .orderBy(desc(incidentsPaiement.bloquant), desc(incidentsPaiement.dateIncident))
    .limit(1)
  return open
    ? { bloquant: open.bloquant, libelle: open.libelle, dateIncident: open.dateIncident }
    : { bloquant: false, libelle: null, dateIncident: null }
}

export async function loadReglementTiers(db: Db, numTiers: string): Promise<ReglementTiers> {
  const [modes, domiciliations] = await readAll(db, [
    () =>
      db
        .select({ m: modesReglement, parDefaut: reglementsTiers.parDefaut })
        .from(reglementsTiers)
        .innerJoin(modesReglement, eq(modesReglement.codeRegt, reglementsTiers.codeRegt))
        .where(eq(reglementsTiers.numTiers, numTiers))
        .orderBy(desc(reglementsTiers.parDefaut), asc(modesReglement.libelle)),
    () =>
      db
        .select()
        .from(domiciliationsBancaires)
        .where(eq(domiciliationsBancaires.numTiers, numTiers))
        .orderBy(asc(domiciliationsBancaires.numDomiciliationBancaire)),
  ])
  return {
    modes: modes.map(({ m, parDefaut }) => ({
      codeRegt: m.codeRegt,
      libelle: m.libelle,
      parDefaut,
      tauxEscompte: m.tauxEscompte,
      delaiEcheanceJours: m.delaiEcheanceJours,
      avecDomiciliation: m.avecDomiciliation,
    })),
    domiciliations: domiciliations.map((d) => ({
      numDomiciliationBancaire: d.numDomiciliationBancaire,
      numeroCompte: d.numeroCompte,
      nomBanque: d.nomBanque,
    })),
  }
}
