// The order parameters as the rules read them (ordering-area §3 "Order parameters", §9): the
// admin's DEFAULT and CDEA rows read through src/domain on every call, so a saved value changes
// the order rules at once; holidays from the cooperative's calendar; an article's bounds.
import { and, asc, eq, gte, lte } from 'drizzle-orm'
import type { DateTime } from 'luxon'
import type { ParametresCommande } from '../../api/contract/parametres-commande'
import { formatHeurePivot, orderParametersFromRows } from '../../domain/order-parameters'
import type { Db } from '../db/client'
import { articleContraintes, joursFeries, parametres, typesSilo } from '../db/schema'

/** Holidays sent: from a month back (dates being corrected) to 13 months ahead (past any horizon). */
const FERIES_AVANT_MOIS = 1
const FERIES_APRES_MOIS = 13

export async function loadParametresCommande(db: Db, today: DateTime, numArticle?: string): Promise<ParametresCommande> {
  const [rows, feries, silos, contraintes] = await Promise.all([
    db.select({ categorie: parametres.categorie, code: parametres.code, value: parametres.value }).from(parametres),
    db
      .select()
      .from(joursFeries)
      .where(and(gte(joursFeries.date, today.minus({ months: FERIES_AVANT_MOIS }).toISODate()!), lte(joursFeries.date, today.plus({ months: FERIES_APRES_MOIS }).toISODate()!)))
      .orderBy(asc(joursFeries.date)),
    db.select({ code: typesSilo.code }).from(typesSilo).where(eq(typesSilo.parDefaut, true)).orderBy(asc(typesSilo.ordre), asc(typesSilo.code)),
    numArticle ? db.select().from(articleContraintes).where(eq(articleContraintes.numArticle, numArticle)).limit(1) : Promise.resolve([]),
  ])
  const p = orderParametersFromRows(rows)
  const c = contraintes[0]
  return {
    heurePivot: formatHeurePivot(p.heurePivot),
    joursFeries: feries.map((f) => ({ date: f.date, libelle: f.libelle })),
    delaisCommande: { delaisHeurePivot: p.delaisHeurePivot, delaisMax: p.delaisMax, delaisAlerte: p.delaisAlerte, delaiAlerteFeries: p.delaiAlerteFeries },
    intervalleLivraison: { ecartDate: p.ecartDate },
    modesCamion: p.modesCamion,
    quantiteMaxMineral: p.quantiteMaxMineral,
    quantiteMaxAlimentSimple: p.quantiteMaxAlimentSimple,
    quantiteMaxAlimentSimpleContrat: p.quantiteMaxAlimentSimpleContrat,
    typesSiloDefault: silos.map((s) => s.code),
    contraintesArticle: numArticle ? { quantiteMin: c?.quantiteMin ?? null, quantiteMax: c?.quantiteMax ?? null, quantiteMaxMineral: c?.quantiteMaxMineral ?? null } : null,
  }
}
