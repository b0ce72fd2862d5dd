// The feed of accepted orders (issue 41; ARCHITECTURE.md "The cooperative's door"): the ERP reads
// it with a cursor, the AMQP publisher sends from it, and no order is ever skipped.
//
// Why no order is skipped. A feed keyed by a plain sequence can skip: a transaction that took
// number 104 may commit after a reader has seen 105 and moved its cursor past 104. Here the
// order's own transaction writes its feed row without a position; the position is taken at the
// commit, by a deferred constraint trigger (migration 0005_commandes_flux_integration) that runs
// inside COMMIT after everything else: it takes one transaction-level advisory lock, then the
// next number of the sequence. The lock is held until the commit is over, and PostgreSQL makes a
// transaction visible before it releases its locks; so the transaction that takes the next
// position waits until the previous one is visible. Positions therefore become visible in
// increasing order: a reader that sees position p sees every position below p (a commit that
// fails leaves a gap, never a late arrival). A consumer that keeps the last position it read and
// asks for what follows sees each order exactly once, however many instances accept orders.
// The price: orders' commits are serialised, each for the time of its own commit (its WAL flush)
// and nothing more — no round trip to Node happens under the lock (tests/bench/feed.ts).
import { asc, eq, gt, inArray } from 'drizzle-orm'
import type { CommandeFlux, FluxCommandes } from '../../contract/integration'
import { orderLineExtras } from './order-line-extras'
import type { Db } from '../db/client'
import { commandeFlux, commandeLignes, commandes, modesReglement, tiers, users } from '../db/schema'
import type { Tx } from '../http/idempotency'

/** Puts the order in the feed, in its own transaction; its position comes at the commit. */
export async function appendToFeed(
  tx: Tx,
  commandeId: number,
  cleIdempotence: string | null,
  /** When it entered the feed: now (the default), or the seeded order's own date (a seed is the same at every run). */
  ecritA?: Date,
): Promise<void> {
  await tx.insert(commandeFlux).values({ commandeId, cleIdempotence, ...(ecritA ? { ecritA } : {}) })
}

/** `limite` orders after position `apres`, in feed order, and the cursor to ask with next. */
export async function readFeed(db: Db, apres: number, limite: number): Promise<FluxCommandes> {
  // One statement, one snapshot: what it sees has no hole that a later commit could fill.
  const rows = await db
    .select({ position: commandeFlux.position })
    .from(commandeFlux)
    .where(gt(commandeFlux.position, apres))
    .orderBy(asc(commandeFlux.position))
    .limit(limite + 1)
  const page = rows.slice(0, limite).map((r) => r.position!)
  return {
    commandes: await loadFeedOrders(db, page),
    suivant: String(page.at(-1) ?? apres),
    encore: rows.length > limite,
  }
}

/** The orders at these feed positions, as the feed and the AMQP messages carry them, in position order. */
export async function loadFeedOrders(db: Db, positions: readonly number[]): Promise<CommandeFlux[]> {
  if (positions.length === 0) return []
  const heads = await db
    .select({
      position: commandeFlux.position,
      cleIdempotence: commandeFlux.cleIdempotence,
      id: commandes.id,
      numero: commandes.numero,
      date: commandes.date,
      commentaire: commandes.commentaire,
      numTiers: commandes.numTiers,
      username: commandes.username,
      raisonSociale: tiers.raisonSociale,
      nomPersonnel: users.displayName,
    })
    .from(commandeFlux)
    .innerJoin(commandes, eq(commandes.id, commandeFlux.commandeId))
    .innerJoin(tiers, eq(tiers.numTiers, commandes.numTiers))
    .leftJoin(users, eq(users.username, commandes.username))
    .where(inArray(commandeFlux.position, [...positions]))
    .orderBy(asc(commandeFlux.position))
  const ids = heads.map((h) => h.id)
  if (ids.length === 0) return []
  const lignes = await db
    .select({ l: commandeLignes, libelleReglement: modesReglement.libelle })
    .from(commandeLignes)
    .leftJoin(modesReglement, eq(modesReglement.codeRegt, commandeLignes.codeReglement))
    .where(inArray(commandeLignes.commandeId, ids))
    .orderBy(asc(commandeLignes.commandeId), asc(commandeLignes.idLigne))
  const ligneIds = lignes.map((r) => r.l.id)
  const extras = await orderLineExtras(db, ligneIds)
  return heads.map((h) => {
    const own = lignes.filter((r) => r.l.commandeId === h.id)
    const modes = new Map<string, string>()
    for (const { l, libelleReglement } of own)
      if (l.codeReglement) modes.set(l.codeReglement, libelleReglement ?? l.codeReglement)
    // A farmer's username is their numTiers (ordering-area §6): anyone else is staff acting for them.
    const staff = h.username && h.username !== h.numTiers ? h.username : null
    return {
      position: h.position!,
      numero: h.numero,
      date: h.date.toISOString(),
      commentaire: h.commentaire,
      tiers: { numTiers: h.numTiers, raisonSociale: h.raisonSociale },
      personnel: staff ? { username: staff, nom: h.nomPersonnel ?? staff } : null,
      cleIdempotence: h.cleIdempotence,
      modesReglement: [...modes].map(([codeReglement, libelle]) => ({ codeReglement, libelle })),
      lignes: own.map(({ l }) => ({
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
        numContrat: l.numContrat,
        numLot: l.numLot,
        numBatiment: l.numBatiment,
        numExploitation: l.numExploitation,
        codeReglement: l.codeReglement,
        numDomiciliationBancaire: l.numDomiciliationBancaire,
        commentaire: l.commentaire,
        supplementations: extras.supplementations(l.id),
        mineraux: extras.mineraux(l.id),
      })),
    }
  })
}
