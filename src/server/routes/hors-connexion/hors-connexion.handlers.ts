// The member's snapshot for no signal (issue 50, contract/hors-connexion): everything an order
// needs, built by the same services the individual routes answer with, and the per-article tables
// the browser answers the per-article reads from (src/domain/hors-connexion).
import type { DateTime } from 'luxon'
import type { HorsConnexion } from '../../../contract/hors-connexion'
import { ETAPES_HISTORIQUE } from '../../../domain/orders'
import { firstHistoryWindow } from '../../../domain/history-paging'
import type { Db } from '../../db/client'
import { readAll } from '../../db/reads'
import { loadArticlesCommandablesDuMembre } from '../../services/articles'
import { loadCommandes, loadCommandesEnCours } from '../../services/commandes'
import { loadContrats } from '../../services/contrats'
import { loadLivraisons } from '../../services/livraisons'
import { loadReferentiel } from '../../services/referentiel'
import { loadBatiments, loadExploitations, loadLots } from '../../services/farms'
import { loadIncidentPaiement, loadReglementTiers } from '../../services/paiement'
import { loadParametresCommande } from '../../services/parametres-commande'
import { cachedReference } from '../../services/reference-cache'
import { loadTablesDuMembre } from '../../services/tables-articles'
import { findTiers } from '../../services/tiers'
import type { VersionHorsConnexion } from '../../services/versions-hors-connexion'

/** The member's snapshot as of `now` (Paris), under `version`; null when the member is unknown. */
export async function loadHorsConnexion(
  db: Db,
  numTiers: string,
  now: DateTime,
  version: VersionHorsConnexion,
): Promise<HorsConnexion | null> {
  const today = now.toISODate()!
  const window = firstHistoryWindow(today)!
  const [
    tiers,
    referentiel,
    parametresCommande,
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
    // Read as GET referentiel and parametres-commande read them, in a copy of their own under the
    // global version: a change the reference cache would see only after its expiry (an import)
    // moves that version, and is never kept under the new one.
    () => cachedReference(db, `hc:referentiel:${today}:${version.globale}`, () => loadReferentiel(db, today)),
    () =>
      cachedReference(db, `hc:parametres-commande:${today}:${version.globale}`, () => loadParametresCommande(db, now)),
    () => loadArticlesCommandablesDuMembre(db, numTiers, version.globale),
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
    version.globale,
  )
  return {
    numTiers,
    version: version.valeur,
    genereLe: now.toISO()!,
    tiers,
    referentiel,
    parametresCommande,
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
