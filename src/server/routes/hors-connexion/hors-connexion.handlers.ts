// The member's snapshot for no signal (issue 50, contract/hors-connexion): everything an order
// needs, built by the same services the individual routes answer with, and the per-article tables
// the browser answers the per-article reads from (src/domain/hors-connexion).
import { and, eq, inArray } from 'drizzle-orm'
import type { DateTime } from 'luxon'
import type { HorsConnexion, TablesArticles } from '../../../contract/hors-connexion'
import { ETAPES_HISTORIQUE } from '../../../domain/orders'
import { firstHistoryWindow } from '../../../domain/history-paging'
import type { Db } from '../../db/client'
import { readAll } from '../../db/reads'
import {
  articleContraintes,
  articleMineraux,
  articles,
  articleSupplementations,
  contraintesLivraison,
  incompatibilitesAdresse,
} from '../../db/schema'
import { loadArticlesCommandables } from '../../services/articles'
import { loadCommandes, loadCommandesEnCours } from '../../services/commandes'
import { loadContrats } from '../../services/contrats'
import { loadLivraisons } from '../../services/livraisons'
import { loadReferentiel } from '../../services/referentiel'
import { loadBatiments, loadExploitations, loadLots } from '../../services/farms'
import { loadIncidentPaiement, loadReglementTiers } from '../../services/paiement'
import { loadParametresCommande } from '../../services/parametres-commande'
import { cachedReference } from '../../services/reference-cache'
import { findTiers } from '../../services/tiers'

/**
 * The tables of the per-article reads for these articles: their supplements, minerals and bounds
 * (reference data), the articles these cite, and, when a member is named, the delivery constraints
 * and the address incompatibilities of that member's addresses. Rows in no particular order: the
 * rules of src/domain/hors-connexion sort what they answer.
 */
export async function loadTablesArticles(
  db: Db,
  numArticles: readonly string[],
  numTiers: string | null,
): Promise<TablesArticles> {
  const nums = [...new Set(numArticles)]
  if (nums.length === 0)
    return {
      cites: [],
      supplementations: [],
      mineraux: [],
      contraintesArticle: [],
      contraintesLivraison: [],
      incompatibilites: [],
    }
  const [supplementations, mineraux, bornes, contraintes, incompatibilites] = await readAll(db, [
    () =>
      db
        .select({
          numArticle: articleSupplementations.numArticle,
          numArticleSupplementation: articleSupplementations.numArticleSupplementation,
          groupe: articleSupplementations.groupe,
        })
        .from(articleSupplementations)
        .where(inArray(articleSupplementations.numArticle, nums)),
    () =>
      db
        .select({ numArticle: articleMineraux.numArticle, numArticleMineral: articleMineraux.numArticleMineral })
        .from(articleMineraux)
        .where(inArray(articleMineraux.numArticle, nums)),
    () => db.select().from(articleContraintes).where(inArray(articleContraintes.numArticle, nums)),
    () =>
      numTiers === null
        ? Promise.resolve([])
        : db
            .select()
            .from(contraintesLivraison)
            .where(and(eq(contraintesLivraison.numTiers, numTiers), inArray(contraintesLivraison.numArticle, nums))),
    () =>
      numTiers === null
        ? Promise.resolve([])
        : db
            .select()
            .from(incompatibilitesAdresse)
            .where(
              and(eq(incompatibilitesAdresse.numTiers, numTiers), inArray(incompatibilitesAdresse.numArticle, nums)),
            ),
  ])
  const cited = [
    ...new Set([
      ...supplementations.map((s) => s.numArticleSupplementation),
      ...mineraux.map((m) => m.numArticleMineral),
    ]),
  ]
  const cites = cited.length
    ? await db
        .select({
          numArticle: articles.numArticle,
          libelle: articles.libelle,
          libelleLong: articles.libelleLong,
          codeTypeArticle: articles.codeTypeArticle,
          codeSousTypeArticle: articles.codeSousTypeArticle,
        })
        .from(articles)
        .where(inArray(articles.numArticle, cited))
    : []
  return {
    cites,
    supplementations,
    mineraux,
    contraintesArticle: bornes.map((b) => ({
      numArticle: b.numArticle,
      quantiteMin: b.quantiteMin,
      quantiteMax: b.quantiteMax,
      quantiteMaxMineral: b.quantiteMaxMineral,
    })),
    contraintesLivraison: contraintes.map(({ numTiers: _t, ...c }) => c),
    incompatibilites: incompatibilites.map(({ numTiers: _t, ...c }) => c),
  }
}

/** The member's snapshot as of `now` (Paris), under `version`; null when the member is unknown. */
export async function loadHorsConnexion(
  db: Db,
  numTiers: string,
  now: DateTime,
  version: string,
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
    // The same copies GET referentiel and parametres-commande answer from.
    () => cachedReference(db, `referentiel:${today}`, () => loadReferentiel(db, today)),
    () => cachedReference(db, `parametres-commande:${today}:`, () => loadParametresCommande(db, now)),
    () => loadArticlesCommandables(db, numTiers),
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
  const tables = await loadTablesArticles(
    db,
    [...articlesCommandables.map((a) => a.numArticle), ...planArticles],
    numTiers,
  )
  return {
    numTiers,
    version,
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
