// The member's snapshot for no signal (issue 50, contract/hors-connexion): everything an order
// needs, built by the same services the individual routes answer with, and the per-article tables
// the browser answers the per-article reads from (src/domain/hors-connexion).
import type { DateTime } from 'luxon'
import type { HorsConnexion } from '../../../contract/hors-connexion'
import { ETAPES_HISTORIQUE } from '../../../domain/orders'
import { firstHistoryWindow } from '../../../domain/history-paging'
import type { Db } from '../../db/client'
import { readAll } from '../../db/reads'
import { catalogueEnMemoire, loadArticlesCommandablesDuMembre, type Catalogue } from '../../services/articles'
import { loadCommandes, loadCommandesEnCours } from '../../services/commandes'
import { loadContrats } from '../../services/contrats'
import { loadLivraisons } from '../../services/livraisons'
import { loadReferentiel } from '../../services/referentiel'
import { loadBatiments, loadExploitations, loadLots } from '../../services/farms'
import { loadIncidentPaiement, loadReglementTiers } from '../../services/paiement'
import { loadParametresCommande } from '../../services/parametres-commande'
import { cachedReference } from '../../services/reference-cache'
import { loadTablesDuMembre, tablesReferenceEnMemoire, type TablesReference } from '../../services/tables-articles'
import { findTiers } from '../../services/tiers'
import type { VersionHorsConnexion } from '../../services/versions-hors-connexion'

/**
 * The member's snapshot as of `now` (Paris), under `version`; null when the member is unknown.
 *
 * What is kept in memory per global version comes first, under the version the request read
 * already (not read again by each copy), then the member's rows, side by side on the pool.
 * (Measured: the member's reads in one pipelined read-only transaction, batched as an order's are,
 * gave the same figures in bench:api; and a transaction must never wait for the pool's copies:
 * ten snapshots at once held the pool's ten connections and waited for an eleventh, 503s after 5 s.)
 */
export async function loadHorsConnexion(
  db: Db,
  numTiers: string,
  now: DateTime,
  version: VersionHorsConnexion,
): Promise<HorsConnexion | null> {
  const today = now.toISODate()!
  // Read as GET referentiel and parametres-commande read them, in a copy of their own under the
  // global version: a change the reference cache would see only after its expiry (an import)
  // moves that version, and is never kept under the new one.
  const [referentiel, parametresCommande, catalogue, reference] = await Promise.all([
    cachedReference(
      db,
      `hc:referentiel:${today}:${version.globale}`,
      () => loadReferentiel(db, today),
      version.globale,
    ),
    cachedReference(
      db,
      `hc:parametres-commande:${today}:${version.globale}`,
      () => loadParametresCommande(db, now),
      version.globale,
    ),
    catalogueEnMemoire(db, version.globale),
    tablesReferenceEnMemoire(db, version.globale),
  ])
  const membre = await readMember(db, numTiers, now, catalogue, reference)
  if (!membre) return null
  const { tiers, ...rest } = membre
  // In the contract's order (the JSON a device compares is the same as before).
  return { numTiers, version: version.valeur, genereLe: now.toISO()!, tiers, referentiel, parametresCommande, ...rest }
}

/** The member's own part of the snapshot. */
async function readMember(
  db: Db,
  numTiers: string,
  now: DateTime,
  catalogue: Catalogue,
  reference: TablesReference,
): Promise<Omit<HorsConnexion, 'numTiers' | 'version' | 'genereLe' | 'referentiel' | 'parametresCommande'> | null> {
  const today = now.toISODate()!
  const window = firstHistoryWindow(today)!
  const [
    tiers,
    articlesCommandables,
    lots,
    contrats,
    exploitations,
    batiments,
    reglementTiers,
    incidentPaiement,
    enCours,
    historique,
    livraisons,
  ] = await readAll(db, [
    () => findTiers(db, numTiers),
    () => loadArticlesCommandablesDuMembre(db, numTiers, catalogue),
    () => loadLots(db, numTiers),
    () => loadContrats(db, numTiers, today),
    () => loadExploitations(db, numTiers),
    () => loadBatiments(db, numTiers),
    () => loadReglementTiers(db, numTiers),
    () => loadIncidentPaiement(db, numTiers, today),
    () => loadCommandesEnCours(db, numTiers),
    () => loadCommandes(db, numTiers, ETAPES_HISTORIQUE, window),
    () => loadLivraisons(db, numTiers, undefined, now),
  ])
  if (!tiers) return null
  const planArticles = lots.flatMap((l) =>
    l.plansAlimentation.flatMap((p) => p.tranches.flatMap((t) => t.articles.map((a) => a.numArticle))),
  )
  const tables = await loadTablesDuMembre(
    db,
    [...articlesCommandables.map((a) => a.numArticle), ...planArticles],
    numTiers,
    reference,
  )
  return {
    tiers,
    articles: articlesCommandables,
    tables,
    lots,
    contrats,
    exploitations,
    batiments,
    reglementTiers,
    incidentPaiement,
    commandesEnCours: enCours.commandes,
    commandesHistorique: {
      dateDebut: window.dateDebut,
      dateFin: window.dateFin,
      commandes: historique.commandes,
      precedente: historique.precedente ?? null,
    },
    livraisons: livraisons!,
  }
}
