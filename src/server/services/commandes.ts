// The customer's orders with their lines (cart-orders-admin §2 Orders screen, §3 Order, §4).
import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm'
import { DateTime } from 'luxon'
import { curseurDe, LIMITE_DEFAUT, type Commande, type PageQuery } from '../../contract/commandes'
import { ZONE } from '../../domain/calendar'
import { ETAPES_EN_COURS, stepRank } from '../../domain/orders'
import { orderLineExtras } from './order-line-extras'
import type { Db } from '../db/client'
import { commandeLignes, commandes } from '../db/schema'

export interface PageCommandes {
  commandes: Commande[]
  /** The cursor of the next page, null on the last one. */
  suivant: string | null
  /** On the last page of a period: the day of the newest order before it (COMMANDE_PRECEDENTE). */
  precedente?: string | null
}

// The instant to the millisecond, as the cursor carries it (PostgreSQL keeps microseconds).
const instantMs = sql`date_trunc('milliseconds', ${commandes.date})`

/** Orders having at least one line in one of `etapes`, optionally received within [debut, fin]
 * (Paris days): newest first, `limite` of them after the cursor `apres`. */
export async function loadCommandes(
  db: Db,
  numTiers: string,
  etapes: readonly string[],
  window?: { dateDebut: string; dateFin: string },
  page: PageQuery = { limite: LIMITE_DEFAUT },
): Promise<PageCommandes> {
  const conditions = [eq(commandes.numTiers, numTiers), inArray(commandeLignes.etape, [...etapes])]
  const from = window && DateTime.fromISO(window.dateDebut, { zone: ZONE }).startOf('day')
  if (window && from) {
    const to = DateTime.fromISO(window.dateFin, { zone: ZONE }).plus({ days: 1 }).startOf('day')
    conditions.push(gte(commandes.date, from.toJSDate()), lt(commandes.date, to.toJSDate()))
  }
  if (page.apres) {
    const at = new Date(page.apres.ms).toISOString()
    conditions.push(sql`(${instantMs}, ${commandes.id}) < (${at}::timestamptz, ${page.apres.id})`)
  }
  // One row more than asked says whether a next page exists.
  const rows = await db
    .selectDistinct({ id: commandes.id, at: instantMs })
    .from(commandes)
    .innerJoin(commandeLignes, eq(commandeLignes.commandeId, commandes.id))
    .where(and(...conditions))
    .orderBy(desc(instantMs), desc(commandes.id))
    .limit(page.limite + 1)
  const ids = rows.slice(0, page.limite).map((r) => r.id)
  const found = await loadByIds(db, ids)
  const last = found.at(-1)
  const suivant = rows.length > page.limite && last ? curseurDe(last) : null
  if (!from || suivant) return { commandes: found, suivant }
  return { commandes: found, suivant, precedente: await newestBefore(db, numTiers, etapes, from.toJSDate()) }
}

/** The day (Paris) of the newest order received before `before` with a line at one of `etapes`,
 * or null. One query down the (num_tiers, date) index, newest first, stopping at the first order
 * whose lines qualify (the history's steps are where most old orders end): never a count, never
 * the member's whole history read. */
async function newestBefore(db: Db, numTiers: string, etapes: readonly string[], before: Date): Promise<string | null> {
  const [row] = await db
    .select({ date: commandes.date })
    .from(commandes)
    .where(
      and(
        eq(commandes.numTiers, numTiers),
        lt(commandes.date, before),
        sql`exists (select 1 from ${commandeLignes} where ${commandeLignes.commandeId} = ${commandes.id} and ${inArray(commandeLignes.etape, [...etapes])})`,
      ),
    )
    .orderBy(desc(commandes.date))
    .limit(1)
  return row ? DateTime.fromJSDate(row.date, { zone: ZONE }).toISODate() : null
}

export const loadCommandesEnCours = (db: Db, numTiers: string, page?: PageQuery) =>
  loadCommandes(db, numTiers, ETAPES_EN_COURS, undefined, page)

export async function loadCommande(db: Db, numTiers: string, numero: string): Promise<Commande | null> {
  const [row] = await db
    .select({ id: commandes.id })
    .from(commandes)
    .where(and(eq(commandes.numTiers, numTiers), eq(commandes.numero, numero)))
    .limit(1)
  if (!row) return null
  return (await loadByIds(db, [row.id]))[0] ?? null
}

async function loadByIds(db: Db, ids: number[]): Promise<Commande[]> {
  if (ids.length === 0) return []
  const [heads, lignes] = await Promise.all([
    db.select().from(commandes).where(inArray(commandes.id, ids)).orderBy(desc(commandes.date), desc(commandes.id)),
    db
      .select()
      .from(commandeLignes)
      .where(inArray(commandeLignes.commandeId, ids))
      .orderBy(asc(commandeLignes.idLigne)),
  ])
  const ligneIds = lignes.map((l) => l.id)
  const extras = await orderLineExtras(db, ligneIds)
  return heads.map((h) => {
    const own = lignes.filter((l) => l.commandeId === h.id)
    const steps = [...new Set(own.map((l) => l.etape))]
    return {
      id: h.id,
      numero: h.numero,
      date: h.date.toISOString(),
      etape:
        steps.length === 1 ? steps[0]! : ([...steps].sort((a, b) => stepRank(a) - stepRank(b))[0] ?? 'ENREGISTREE'),
      commentaire: h.commentaire,
      lignes: own.map((l) => ({
        idLigne: l.idLigne,
        etape: l.etape,
        numArticle: l.numArticle,
        libelleArticle: l.libelleArticle,
        codeTypeArticle: l.codeTypeArticle,
        quantiteCommande: l.quantiteCommande,
        codeUniteArticle: l.codeUniteArticle,
        numAdresse: l.numAdresse,
        datePrevueLivraison: l.datePrevueLivraison,
        finDatePrevueLivraison: l.finDatePrevueLivraison,
        matinApmidi: l.matinApmidi,
        finMatinApmidi: l.finMatinApmidi,
        codeModeCamion: l.codeModeCamion,
        codeTypeSilo1: l.codeTypeSilo1,
        codeTypeSilo2: l.codeTypeSilo2,
        codeTypeSilo3: l.codeTypeSilo3,
        melangeDechargement: l.melangeDechargement,
        numLot: l.numLot,
        numContrat: l.numContrat,
        numBatiment: l.numBatiment,
        codeReglement: l.codeReglement,
        commentaire: l.commentaire,
        supplementations: extras.supplementations(l.id),
        mineraux: extras.mineraux(l.id),
      })),
    }
  })
}
