// A lot's next tranche (src/domain lotForecast) as a need the feed forecasts advise on (issue 18).
import type { LigneLivraison } from '../../contract/livraisons'
import type { Lot } from '../../contract/lots'
import type { Adresse } from '../../contract/tiers'
import { offeredAddresses } from '../../domain/articles'
import type { LotForecast } from '../../domain/forecast-lots'
import type { Need } from './use-order-advice'

/**
 * Where a lot's feed goes: the address of the lot's last delivery, else of its exploitation's,
 * else the customer's only (or first) address still delivered.
 */
function lotAddress(lot: Lot, lignes: readonly LigneLivraison[], adresses: readonly Adresse[]): number | null {
  const offered = offeredAddresses(adresses)
  const usable = (n: number | null) => n !== null && (offered.length === 0 || offered.some((a) => a.numAdr === n))
  const sameLot = lignes.find((l) => l.numLot === lot.numLot && usable(l.numAdresse))
  const sameSite = lignes.find((l) => l.numExploitation === lot.numExploitation && usable(l.numAdresse))
  return sameLot?.numAdresse ?? sameSite?.numAdresse ?? offered[0]?.numAdr ?? null
}

export function lotNeed(
  lot: Lot,
  forecast: LotForecast,
  lignes: readonly LigneLivraison[],
  adresses: readonly Adresse[],
): Need | null {
  if (forecast.kind !== 'tranche' || !forecast.article) return null
  const numAdresse = lotAddress(lot, lignes, adresses)
  return {
    key: `lot-${lot.numLot}`,
    kind: 'lot',
    numArticle: forecast.article.numArticle,
    libelleArticle: forecast.article.libelle,
    codeTypeArticle: forecast.article.codeTypeArticle ?? 'A',
    besoin: forecast.besoin,
    jourBesoin: forecast.jourBesoin,
    numAdresse,
    numBatiment: lot.numBatiment,
    numExploitation: lot.numExploitation,
    numLot: lot.numLot,
    contraintesLivraison:
      lignes.find((l) => l.numArticle === forecast.article?.numArticle && l.numAdresse === numAdresse)
        ?.contraintesLivraison ?? null,
    codeFamilleArticle: lignes.find((l) => l.numArticle === forecast.article?.numArticle)?.codeFamilleArticle ?? null,
  }
}
