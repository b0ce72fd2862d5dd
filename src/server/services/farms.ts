// Exploitations, buildings with their storage places, and poultry lots with their feeding plans
// (ordering-area §2 Lots & plans, §3 Building/Lot/Feeding plan).
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm'
import type { Batiment, Exploitation } from '../../contract/exploitations'
import type { Lot } from '../../contract/lots'
import { roundTonnes } from '../../domain/tonnes'
import type { Db } from '../db/client'
import { readAll } from '../db/reads'
import {
  articles,
  batiments,
  batimentTypesSilo,
  commandeLignes,
  commandes,
  exploitations,
  lots,
  plansAlimentation,
  trancheArticles,
  tranches,
} from '../db/schema'
import { effectiveOrderable, orderableFor } from './orderable'

export async function loadExploitations(db: Db, numTiers: string): Promise<Exploitation[]> {
  return db
    .select({ numExploitation: exploitations.numExploitation, libelle: exploitations.libelle })
    .from(exploitations)
    .where(eq(exploitations.numTiers, numTiers))
    .orderBy(asc(exploitations.numExploitation))
}

export async function loadBatiments(db: Db, numTiers: string): Promise<Batiment[]> {
  const rows = await db
    .select()
    .from(batiments)
    .where(eq(batiments.numTiers, numTiers))
    .orderBy(asc(batiments.numBatiment))
  const silos = rows.length
    ? await db
        .select()
        .from(batimentTypesSilo)
        .where(
          inArray(
            batimentTypesSilo.numBatiment,
            rows.map((b) => b.numBatiment),
          ),
        )
        .orderBy(asc(batimentTypesSilo.codeTypeSilo))
    : []
  return rows.map((b) => ({
    numBatiment: b.numBatiment,
    numExploitation: b.numExploitation,
    libelle: b.libelle,
    codeFiliere: b.codeFiliere,
    typesSilo: silos.filter((s) => s.numBatiment === b.numBatiment).map((s) => ({ code: s.codeTypeSilo })),
  }))
}

/** Orders that no longer count towards a tranche (cart-orders-admin §4). */
const NOT_COUNTED = ['SUPPRIMEE', 'ERREUR']

export async function loadLots(db: Db, numTiers: string): Promise<Lot[]> {
  const lotRows = await db
    .select()
    .from(lots)
    .where(eq(lots.numTiers, numTiers))
    .orderBy(asc(lots.dateMep), asc(lots.numLot))
  if (lotRows.length === 0) return []
  const numLots = lotRows.map((l) => l.numLot)
  const [plans, ordered] = await readAll(db, [
    () =>
      db
        .select()
        .from(plansAlimentation)
        .where(inArray(plansAlimentation.numLot, numLots))
        .orderBy(asc(plansAlimentation.id)),
    // Ordered tonnes per lot and article, from the customer's own order lines.
    () =>
      db
        .select({
          numLot: commandeLignes.numLot,
          numArticle: commandeLignes.numArticle,
          total: sql<string>`sum(${commandeLignes.quantiteCommande})`,
        })
        .from(commandeLignes)
        .innerJoin(commandes, eq(commandes.id, commandeLignes.commandeId))
        .where(
          and(
            eq(commandes.numTiers, numTiers),
            inArray(commandeLignes.numLot, numLots),
            notInArray(commandeLignes.etape, NOT_COUNTED),
          ),
        )
        .groupBy(commandeLignes.numLot, commandeLignes.numArticle),
  ])
  const planIds = plans.map((p) => p.id)
  const trancheRows = planIds.length
    ? await db
        .select()
        .from(tranches)
        .where(inArray(tranches.planId, planIds))
        .orderBy(asc(tranches.planId), asc(tranches.ordre))
    : []
  const trancheIds = trancheRows.map((t) => t.id)
  const articleRows = trancheIds.length
    ? await db
        .select({
          trancheId: trancheArticles.trancheId,
          numArticle: articles.numArticle,
          libelle: articles.libelle,
          codeTypeArticle: articles.codeTypeArticle,
          codeSousTypeArticle: articles.codeSousTypeArticle,
          codeCategorie: articles.codeCategorie,
          codePresentation: articles.codePresentation,
          artCommandable: effectiveOrderable(numTiers),
        })
        .from(trancheArticles)
        .innerJoin(articles, eq(articles.numArticle, trancheArticles.numArticle))
        .where(inArray(trancheArticles.trancheId, trancheIds))
        .orderBy(asc(articles.numArticle))
    : []

  return lotRows.map((l) => ({
    numLot: l.numLot,
    numExploitation: l.numExploitation,
    numBatiment: l.numBatiment,
    dateMep: l.dateMep,
    nbAnimaux: l.nbAnimaux,
    codeFiliere: l.codeFiliere,
    quantitesCommandees: Object.fromEntries(
      ordered.filter((o) => o.numLot === l.numLot).map((o) => [o.numArticle, roundTonnes(Number(o.total))]),
    ),
    plansAlimentation: plans
      .filter((p) => p.numLot === l.numLot)
      .map((p) => ({
        principal: p.principal,
        dateDebut: p.dateDebut,
        dateFin: p.dateFin,
        libelle: p.libelle,
        tranches: trancheRows
          .filter((t) => t.planId === p.id)
          .map((t) => ({
            ageMini: t.ageMini,
            ageMaxi: t.ageMaxi,
            quantite: t.quantite,
            articles: articleRows
              .filter((a) => a.trancheId === t.id)
              .map((a) => ({
                libelle: a.libelle,
                numArticle: a.numArticle,
                codeTypeArticle: a.codeTypeArticle,
                codePresentation: a.codePresentation,
                artCommandable: orderableFor(a, a.artCommandable),
              })),
          })),
      })),
  }))
}
