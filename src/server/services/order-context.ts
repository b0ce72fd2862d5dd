// Everything the order rules need about one customer, read once per order from the database:
// the same inputs the browser had (parameters, truck modes, the articles' constraints…), current.
import { and, eq, inArray } from 'drizzle-orm'
import type { DateTime } from 'luxon'
import { orderParametersFromRows, withTruckLimits, type OrderParameters } from '../../domain/order-parameters'
import type { ModeCamion } from '../../domain/types'
import type { Db } from '../db/client'
import {
  articleContraintes,
  articleMineraux,
  articles,
  articleSupplementations,
  contraintesLivraison,
  domiciliationsBancaires,
  incompatibilitesAdresse,
  joursFeries,
  lots,
  modesCamion,
  parametres,
} from '../db/schema'
import { loadBatiments } from './farms'
import { effectiveOrderable } from './orderable'
import { loadReglementTiers } from './paiement'
import { findTiers } from './tiers'
import { gte } from 'drizzle-orm'

export type OrderContext = Awaited<ReturnType<typeof loadOrderContext>>

export async function loadOrderContext(db: Db, numTiers: string, numArticles: readonly string[], today: DateTime) {
  const nums = [...new Set(numArticles)]
  const none = nums.length === 0
  const [tiers, rows, feries, camions, arts, bornes, contraintes, incompat, sups, mins, batiments, reglement, domiciliations, ownLots] = await Promise.all([
    findTiers(db, numTiers),
    db.select({ categorie: parametres.categorie, code: parametres.code, value: parametres.value }).from(parametres),
    db.select({ date: joursFeries.date }).from(joursFeries).where(gte(joursFeries.date, today.minus({ months: 1 }).toISODate()!)),
    db.select().from(modesCamion),
    none ? [] : db.select({ a: articles, artCommandable: effectiveOrderable(numTiers) }).from(articles).where(inArray(articles.numArticle, nums)),
    none ? [] : db.select().from(articleContraintes).where(inArray(articleContraintes.numArticle, nums)),
    none ? [] : db.select().from(contraintesLivraison).where(and(eq(contraintesLivraison.numTiers, numTiers), inArray(contraintesLivraison.numArticle, nums))),
    none ? [] : db.select().from(incompatibilitesAdresse).where(and(eq(incompatibilitesAdresse.numTiers, numTiers), inArray(incompatibilitesAdresse.numArticle, nums))),
    none ? [] : db.select().from(articleSupplementations).where(inArray(articleSupplementations.numArticle, nums)),
    none ? [] : db.select().from(articleMineraux).where(inArray(articleMineraux.numArticle, nums)),
    loadBatiments(db, numTiers),
    loadReglementTiers(db, numTiers),
    db.select({ n: domiciliationsBancaires.numDomiciliationBancaire }).from(domiciliationsBancaires).where(eq(domiciliationsBancaires.numTiers, numTiers)),
    db.select({ numLot: lots.numLot }).from(lots).where(eq(lots.numTiers, numTiers)),
  ])
  const params: OrderParameters = { ...orderParametersFromRows(rows), joursFeries: feries.map((f) => f.date) }
  const modes: ModeCamion[] = withTruckLimits(
    [...camions].sort((a, b) => a.ordre - b.ordre).map((m) => ({ ...m })),
    params,
  )
  return {
    tiers,
    params,
    modesCamion: modes,
    articles: new Map(arts.map(({ a, artCommandable }) => [a.numArticle, { ...a, artCommandable: Boolean(artCommandable) }])),
    contraintesArticle: new Map(bornes.map((b) => [b.numArticle, b])),
    contraintesLivraison: contraintes,
    incompatibilites: incompat,
    supplementations: sups,
    mineraux: mins,
    batiments,
    modesReglement: reglement.modes,
    domiciliations: new Set(domiciliations.map((d) => d.n)),
    lots: new Set(ownLots.map((l) => l.numLot)),
  }
}
