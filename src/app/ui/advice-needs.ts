// A feed delivered regularly (src/domain regularFeeds) as a need the feed forecasts advise on
// (issue 18); lot-need.ts does the same for a lot's next tranche.
import type { LigneLivraison } from '../../contract/livraisons'
import type { RegularFeed } from '../../domain/forecast-regular'
import type { Need } from './use-order-advice'

export function regularNeed(feed: RegularFeed, lignes: readonly LigneLivraison[]): Need {
  const last = lignes.find((l) => l.numArticle === feed.numArticle && l.numAdresse === feed.numAdresse)
  return {
    key: `regulier-${feed.numArticle}-${feed.numAdresse}`,
    kind: 'regulier',
    numArticle: feed.numArticle,
    libelleArticle: feed.libelleArticle,
    codeTypeArticle: last?.codeTypeArticle ?? 'A',
    besoin: feed.quantiteHabituelle,
    jourBesoin: feed.prochaineDate,
    numAdresse: feed.numAdresse,
    numBatiment: feed.numBatiment,
    numExploitation: feed.numExploitation,
    codeModeCamion: feed.codeModeCamion,
    contraintesLivraison: last?.contraintesLivraison ?? null,
    codeFamilleArticle: last?.codeFamilleArticle ?? null,
    commande: feed.commande,
  }
}
