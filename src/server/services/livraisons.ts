// A page of one 3-month window of a customer's delivery history (ordering-area §2 Historique,
// §9 paging; issue 17: a page by count within the window, so a reply is bounded).
import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm'
import type { DateTime } from 'luxon'
import {
  curseurLivraison,
  LIVRAISONS_LIMITE_DEFAUT,
  type LigneLivraison,
  type Livraisons,
  type LivraisonsQuery,
} from '../../contract/livraisons'
import { HISTORIQUE_DEBUT } from '../../domain/constants'
import { historyWindow } from '../../domain/history-paging'
import type { Db } from '../db/client'
import { articles, articlesCommandables, contraintesLivraison, livraisonLignes, livraisons } from '../db/schema'
import { joinedOrderable, orderableFor, orderableJoin } from './orderable'

type Page = Pick<LivraisonsQuery, 'limite' | 'apres'>

/** `limite` lines of the window ending on dateFin (default today) after the cursor `apres`, in
 * the total order newest date, then delivery number descending, then line number; null when
 * dateFin is before 2020-11-01. */
export async function loadLivraisons(
  db: Db,
  numTiers: string,
  dateFin: string | undefined,
  today: DateTime,
  page: Page = { limite: LIVRAISONS_LIMITE_DEFAUT },
): Promise<Livraisons | null> {
  const window = historyWindow(dateFin ?? today)
  if (!window) return null
  const conditions = [
    eq(livraisons.numTiers, numTiers),
    gte(livraisons.dateEffectiveLivraison, window.dateDebut),
    lte(livraisons.dateEffectiveLivraison, window.dateFin),
  ]
  const { apres } = page
  if (apres) {
    // After the cursor: an older (date, delivery) pair, or a later line of the same delivery. The
    // pair's comparison keeps the (num_tiers, date) index usable.
    conditions.push(
      sql`((${livraisons.dateEffectiveLivraison}, ${livraisons.numLivraison}) < (${apres.date}::date, ${apres.numLivraison})
        or (${livraisons.numLivraison} = ${apres.numLivraison} and ${livraisonLignes.numLigne} > ${apres.numLigne}))`,
    )
  }
  const rows = await db
    .select({
      numLivraison: livraisons.numLivraison,
      dateEffectiveLivraison: livraisons.dateEffectiveLivraison,
      codeModeCamion: livraisons.codeModeCamion,
      numLigne: livraisonLignes.numLigne,
      numArticle: livraisonLignes.numArticle,
      quantiteLivree: livraisonLignes.quantiteLivree,
      numAdresse: livraisonLignes.numAdresse,
      numExploitation: livraisonLignes.numExploitation,
      numBatiment: livraisonLignes.numBatiment,
      numLot: livraisonLignes.numLot,
      libelleArticle: articles.libelle,
      codeTypeArticle: articles.codeTypeArticle,
      codeSousTypeArticle: articles.codeSousTypeArticle,
      codeFamilleArticle: articles.codeFamille,
      codeCategorie: articles.codeCategorie,
      codeDepartement: articles.codeDepartement,
      codeFiliere: articles.codeFiliere,
      artCommandable: joinedOrderable,
      contrainte: {
        delaisMinJoursOuvres: contraintesLivraison.delaisMinJoursOuvres,
        lundi: contraintesLivraison.lundi,
        mardi: contraintesLivraison.mardi,
        mercredi: contraintesLivraison.mercredi,
        jeudi: contraintesLivraison.jeudi,
        vendredi: contraintesLivraison.vendredi,
        samedi: contraintesLivraison.samedi,
        dimanche: contraintesLivraison.dimanche,
      },
    })
    .from(livraisons)
    .innerJoin(livraisonLignes, eq(livraisonLignes.numLivraison, livraisons.numLivraison))
    .innerJoin(articles, eq(articles.numArticle, livraisonLignes.numArticle))
    .leftJoin(articlesCommandables, orderableJoin(numTiers))
    .leftJoin(
      contraintesLivraison,
      and(
        eq(contraintesLivraison.numArticle, livraisonLignes.numArticle),
        eq(contraintesLivraison.numTiers, livraisons.numTiers),
        eq(contraintesLivraison.numAdr, livraisonLignes.numAdresse),
      ),
    )
    .where(and(...conditions))
    .orderBy(desc(livraisons.dateEffectiveLivraison), desc(livraisons.numLivraison), asc(livraisonLignes.numLigne))
    // One row more than asked says whether the window goes on.
    .limit(page.limite + 1)

  const lignes: LigneLivraison[] = rows.slice(0, page.limite).map((r) => ({
    numLivraison: r.numLivraison,
    numLigne: r.numLigne,
    dateEffectiveLivraison: r.dateEffectiveLivraison,
    numArticle: r.numArticle,
    libelleArticle: r.libelleArticle,
    codeTypeArticle: r.codeTypeArticle,
    codeFamilleArticle: r.codeFamilleArticle,
    codeDepartement: r.codeDepartement,
    codeFiliere: r.codeFiliere,
    artCommandable: orderableFor(r, r.artCommandable),
    quantiteLivree: r.quantiteLivree,
    codeModeCamion: r.codeModeCamion,
    numAdresse: r.numAdresse,
    numExploitation: r.numExploitation,
    numBatiment: r.numBatiment,
    numLot: r.numLot,
    contraintesLivraison:
      r.contrainte && r.contrainte.delaisMinJoursOuvres !== null
        ? (r.contrainte as LigneLivraison['contraintesLivraison'])
        : null,
  }))
  const last = lignes.at(-1)
  const suite = rows.length > page.limite && last ? curseurLivraison(last) : null
  return {
    dateDebut: window.dateDebut,
    dateFin: window.dateFin,
    lignes,
    fin: window.dateDebut <= HISTORIQUE_DEBUT,
    suite,
  }
}
