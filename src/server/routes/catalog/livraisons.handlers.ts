// One 3-month window of a customer's delivery history (ordering-area §2 Historique, §9 paging).
import { and, desc, eq, gte, lte } from 'drizzle-orm'
import type { DateTime } from 'luxon'
import type { LigneLivraison, Livraisons } from '../../../api/contract/livraisons'
import { HISTORIQUE_DEBUT } from '../../../domain/constants'
import { historyWindow } from '../../../domain/history-paging'
import type { Db } from '../../db/client'
import { articles, articlesCommandables, contraintesLivraison, livraisonLignes, livraisons } from '../../db/schema'
import { joinedOrderable, orderableFor, orderableJoin } from '../../services/orderable'

/** The window ending on dateFin (default today); null when dateFin is before 2020-11-01. */
export async function loadLivraisons(db: Db, numTiers: string, dateFin: string | undefined, today: DateTime): Promise<Livraisons | null> {
  const window = historyWindow(dateFin ?? today)
  if (!window) return null
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
    .where(
      and(
        eq(livraisons.numTiers, numTiers),
        gte(livraisons.dateEffectiveLivraison, window.dateDebut),
        lte(livraisons.dateEffectiveLivraison, window.dateFin),
      ),
    )
    .orderBy(desc(livraisons.dateEffectiveLivraison), desc(livraisons.numLivraison), livraisonLignes.numLigne)

  const lignes: LigneLivraison[] = rows.map((r) => ({
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
    contraintesLivraison: r.contrainte && r.contrainte.delaisMinJoursOuvres !== null ? (r.contrainte as LigneLivraison['contraintesLivraison']) : null,
  }))
  return { dateDebut: window.dateDebut, dateFin: window.dateFin, lignes, fin: window.dateDebut <= HISTORIQUE_DEBUT }
}
