import { queryOptions } from '@tanstack/react-query'
import { parseHeurePivot, DEFAULT_ORDER_PARAMETERS, type OrderParameters } from '../domain/order-parameters'
import { request } from './http-client'
import { fromSnapshotOr } from './hors-connexion'
import { parametresArticleDe } from '../domain/hors-connexion'
import { PARAMETRES_COMMANDE_PATH, ParametresCommande } from '../contract/parametres-commande'

/** The answer as src/domain's rules read it. */
export function toOrderParameters(p: ParametresCommande): OrderParameters {
  return {
    heurePivot: parseHeurePivot(p.heurePivot) ?? DEFAULT_ORDER_PARAMETERS.heurePivot,
    delaisHeurePivot: p.delaisCommande.delaisHeurePivot,
    delaisMax: p.delaisCommande.delaisMax,
    delaisAlerte: p.delaisCommande.delaisAlerte,
    delaiAlerteFeries: p.delaisCommande.delaiAlerteFeries,
    ecartDate: p.intervalleLivraison.ecartDate,
    joursFeries: p.joursFeries.map((j) => j.date),
    modesCamion: p.modesCamion,
    quantiteMaxMineral: p.quantiteMaxMineral,
    quantiteMaxAlimentSimple: p.quantiteMaxAlimentSimple,
    quantiteMaxAlimentSimpleContrat: p.quantiteMaxAlimentSimpleContrat,
    typesSiloDefault: p.typesSiloDefault,
  }
}

const fetchParametresCommande = (numTiers: string, numArticle?: string, numLot?: string) =>
  request(PARAMETRES_COMMANDE_PATH, ParametresCommande, { query: { numTiers, numArticle, numLot } })

/** The raw answer (holidays with their labels, an article's constraints). */
export const parametresCommandeRawQueryOptions = (numTiers: string, numArticle?: string, numLot?: string) =>
  queryOptions({
    queryKey: ['parametres-commande', numTiers, numArticle ?? null, numLot ?? null],
    // An article's parameters come from the member's snapshot when the device holds one (the lot
    // changes nothing in them: the server reads the article only).
    queryFn: () =>
      numArticle
        ? fromSnapshotOr(
            numTiers,
            (s) => parametresArticleDe(s.tables, s.parametresCommande, numArticle),
            () => fetchParametresCommande(numTiers, numArticle, numLot),
          )
        : fetchParametresCommande(numTiers, numArticle, numLot),
    staleTime: 5 * 60_000,
  })

/** The customer's order parameters as the rules read them. */
export const parametresCommandeQueryOptions = (numTiers: string) =>
  queryOptions({ ...parametresCommandeRawQueryOptions(numTiers), select: toOrderParameters })
