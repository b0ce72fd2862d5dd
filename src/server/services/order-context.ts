// Everything the order rules need about one customer, read once per order from the database:
// the same inputs the browser had (parameters, truck modes, slots, the default silo types, the
// articles' constraints, supplement groups and sub-types…), current. Nothing the client says
// about an article, a building or a lot is believed: only its choices are checked against these.
// Read on the order's transaction, in one round trip (db/batched-reads.ts), then one for the
// buildings' silos and the lots' plans, and one for the supplements' articles.
import { and, eq, gte, inArray } from 'drizzle-orm'
import type { DateTime } from 'luxon'
import { orderParametersFromRows, withTruckLimits, type OrderParameters } from '../../domain/order-parameters'
import type { ModeCamion } from '../../domain/types'
import type { Db } from '../db/client'
import { batched } from '../db/batched-reads'
import { readAll } from '../db/reads'
import {
  articleContraintes,
  articleMineraux,
  articles,
  articleSupplementations,
  contrats,
  contraintesLivraison,
  domiciliationsBancaires,
  incompatibilitesAdresse,
  joursFeries,
  modesCamion,
  parametres,
  periodesLivraison,
  typesSilo,
} from '../db/schema'
import { loadBatiments, loadExploitations, loadLots } from './farms'
import { effectiveOrderable } from './orderable'
import { loadReglementTiers } from './paiement'
import { findTiers } from './tiers'

export type OrderContext = Awaited<ReturnType<typeof loadOrderContext>>

export async function loadOrderContext(
  tx: Db,
  numTiers: string,
  numArticles: readonly string[],
  today: DateTime,
  numContrats: readonly string[] = [],
) {
  const db = batched(tx)
  const nums = [...new Set(numArticles)]
  const none = nums.length === 0
  const contratNums = [...new Set(numContrats)]
  const [
    tiers,
    rows,
    feries,
    camions,
    arts,
    bornes,
    contraintes,
    incompat,
    sups,
    mins,
    batiments,
    reglement,
    domiciliations,
    ownLots,
    creneaux,
    silos,
    ownExploitations,
    ownContrats,
  ] = await readAll(db, [
    () => findTiers(db, numTiers),
    () =>
      db.select({ categorie: parametres.categorie, code: parametres.code, value: parametres.value }).from(parametres),
    () =>
      db
        .select({ date: joursFeries.date })
        .from(joursFeries)
        .where(gte(joursFeries.date, today.minus({ months: 1 }).toISODate()!)),
    () => db.select().from(modesCamion),
    () =>
      none
        ? []
        : db
            .select({ a: articles, artCommandable: effectiveOrderable(numTiers) })
            .from(articles)
            .where(inArray(articles.numArticle, nums)),
    () => (none ? [] : db.select().from(articleContraintes).where(inArray(articleContraintes.numArticle, nums))),
    () =>
      none
        ? []
        : db
            .select()
            .from(contraintesLivraison)
            .where(and(eq(contraintesLivraison.numTiers, numTiers), inArray(contraintesLivraison.numArticle, nums))),
    () =>
      none
        ? []
        : db
            .select()
            .from(incompatibilitesAdresse)
            .where(
              and(eq(incompatibilitesAdresse.numTiers, numTiers), inArray(incompatibilitesAdresse.numArticle, nums)),
            ),
    () =>
      none ? [] : db.select().from(articleSupplementations).where(inArray(articleSupplementations.numArticle, nums)),
    () => (none ? [] : db.select().from(articleMineraux).where(inArray(articleMineraux.numArticle, nums))),
    () => loadBatiments(db, numTiers),
    () => loadReglementTiers(db, numTiers),
    () =>
      db
        .select({ n: domiciliationsBancaires.numDomiciliationBancaire })
        .from(domiciliationsBancaires)
        .where(eq(domiciliationsBancaires.numTiers, numTiers)),
    () => loadLots(db, numTiers),
    () => db.select({ code: periodesLivraison.code }).from(periodesLivraison),
    () => db.select({ code: typesSilo.code }).from(typesSilo).where(eq(typesSilo.parDefaut, true)),
    () => loadExploitations(db, numTiers),
    () =>
      contratNums.length === 0
        ? []
        : db
            .select()
            .from(contrats)
            .where(and(eq(contrats.numTiers, numTiers), inArray(contrats.numContrat, contratNums))),
  ])
  // The supplementations' own articles: their sub-type decides compatibility.
  const supNums = [...new Set(sups.map((s) => s.numArticleSupplementation))]
  const supArticles =
    supNums.length === 0
      ? []
      : await db
          .select({ numArticle: articles.numArticle, codeSousTypeArticle: articles.codeSousTypeArticle })
          .from(articles)
          .where(inArray(articles.numArticle, supNums))
  const sousTypes = new Map(supArticles.map((a) => [a.numArticle, a.codeSousTypeArticle]))
  const params: OrderParameters = {
    ...orderParametersFromRows(rows),
    joursFeries: feries.map((f) => f.date),
    typesSiloDefault: silos.map((s) => s.code),
  }
  const modes: ModeCamion[] = withTruckLimits(
    [...camions].sort((a, b) => a.ordre - b.ordre).map((m) => ({ ...m })),
    params,
  )
  return {
    tiers,
    params,
    modesCamion: modes,
    articles: new Map(
      arts.map(({ a, artCommandable }) => [a.numArticle, { ...a, artCommandable: Boolean(artCommandable) }]),
    ),
    contraintesArticle: new Map(bornes.map((b) => [b.numArticle, b])),
    contraintesLivraison: contraintes,
    incompatibilites: incompat,
    supplementations: sups.map((s) => ({
      ...s,
      codeSousTypeArticle: sousTypes.get(s.numArticleSupplementation) ?? null,
    })),
    mineraux: mins,
    creneaux: creneaux.map((c) => c.code),
    exploitations: new Set(ownExploitations.map((e) => e.numExploitation)),
    contrats: new Map(ownContrats.map((c) => [c.numContrat, c])),
    batiments,
    modesReglement: reglement.modes,
    domiciliations: new Set(domiciliations.map((d) => d.n)),
    lots: new Map(ownLots.map((l) => [l.numLot, l])),
  }
}
