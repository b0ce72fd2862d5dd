// The order parameters as the rules read them (ordering-area §3 "Order parameters", §9): the
// admin's DEFAULT and CDEA rows read through src/domain on every call, so a saved value changes
// the order rules at once; the days without delivery.
import { and, asc, eq, gte, lte } from 'drizzle-orm'
import type { DateTime } from 'luxon'
import type { ParametresCommande } from '../../contract/parametres-commande'
import { joursFeries, type JourFerie } from '../../domain/holidays'
import { formatHeurePivot, orderParametersFromRows } from '../../domain/order-parameters'
import type { Db } from '../db/client'
import { joursFeries as joursFeriesCooperative, parametres, typesSilo } from '../db/schema'

/** Holidays sent: from a month back (dates being corrected) to 13 months ahead (past any horizon). */
const FERIES_AVANT_MOIS = 1
const FERIES_APRES_MOIS = 13

/**
 * The days without delivery from `from` to `to`: the national public holidays, computed by
 * src/domain (their one source), and the cooperative's own closed days (the jours_feries table),
 * by date, one entry per day (a stored day that is also a national holiday keeps its stored name).
 */
function holidaysBetween(from: string, to: string, stored: readonly JourFerie[]): JourFerie[] {
  const years = Array.from(
    { length: Number(to.slice(0, 4)) - Number(from.slice(0, 4)) + 1 },
    (_, i) => Number(from.slice(0, 4)) + i,
  )
  const byDate = new Map(years.flatMap(joursFeries).map((j) => [j.date, j]))
  for (const j of stored) byDate.set(j.date, { date: j.date, libelle: j.libelle })
  return [...byDate.values()].filter((j) => j.date >= from && j.date <= to).sort((a, b) => a.date.localeCompare(b.date))
}

/** The member-independent parameters (contraintesArticle null): an article's bounds are added by
 * src/domain/hors-connexion's parametresArticleDe, on the server and offline alike. */
export async function loadParametresCommande(db: Db, today: DateTime): Promise<ParametresCommande> {
  const from = today.minus({ months: FERIES_AVANT_MOIS }).toISODate()!
  const to = today.plus({ months: FERIES_APRES_MOIS }).toISODate()!
  const [rows, feries, silos] = await Promise.all([
    db.select({ categorie: parametres.categorie, code: parametres.code, value: parametres.value }).from(parametres),
    db
      .select()
      .from(joursFeriesCooperative)
      .where(and(gte(joursFeriesCooperative.date, from), lte(joursFeriesCooperative.date, to))),
    db
      .select({ code: typesSilo.code })
      .from(typesSilo)
      .where(eq(typesSilo.parDefaut, true))
      .orderBy(asc(typesSilo.ordre), asc(typesSilo.code)),
  ])
  const p = orderParametersFromRows(rows)
  return {
    heurePivot: formatHeurePivot(p.heurePivot),
    joursFeries: holidaysBetween(from, to, feries),
    delaisCommande: {
      delaisHeurePivot: p.delaisHeurePivot,
      delaisMax: p.delaisMax,
      delaisAlerte: p.delaisAlerte,
      delaiAlerteFeries: p.delaiAlerteFeries,
    },
    intervalleLivraison: { ecartDate: p.ecartDate },
    modesCamion: p.modesCamion,
    quantiteMaxMineral: p.quantiteMaxMineral,
    quantiteMaxAlimentSimple: p.quantiteMaxAlimentSimple,
    quantiteMaxAlimentSimpleContrat: p.quantiteMaxAlimentSimpleContrat,
    typesSiloDefault: silos.map((s) => s.code),
    contraintesArticle: null,
  }
}
