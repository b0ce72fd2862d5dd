// The line an advised order opens the order-line form with (issue 18), built on the tap: the
// quantity within the article's limits, the truck mode, the window ending on the day needed,
// the slots that window allows, the building's first storage place. The article's limits and the
// buildings come from the query cache (offline: what was loaded before); without them the
// form's defaults apply and the form says what it could not load.
import type { QueryClient } from '@tanstack/react-query'
import { batimentsQueryOptions } from '../../api/exploitations'
import { parametresCommandeRawQueryOptions } from '../../api/parametres-commande'
import { advisedLine } from '../../domain/order-advice'
import type { OrderTarget } from './order-line-slot'
import { parisNow } from './now'
import type { Advice } from './use-order-advice'

const cached = { staleTime: Infinity, retry: 0, meta: { errorDialog: false } } as const

export async function advisedTarget(queryClient: QueryClient, numTiers: string, advice: Advice): Promise<OrderTarget> {
  const need = advice.need
  const [batiments, article] = await Promise.all([
    queryClient.fetchQuery({ ...batimentsQueryOptions(numTiers), ...cached }).catch(() => null),
    // The same key as the order-line form's, which then finds it cached.
    queryClient
      .fetchQuery({
        ...parametresCommandeRawQueryOptions(numTiers, need.numArticle, need.numLot ?? undefined),
        ...cached,
      })
      .catch(() => null),
  ])
  const line = advisedLine({
    ...advice.timing,
    now: parisNow(),
    besoin: need.besoin,
    jourBesoin: need.jourBesoin,
    contraintesArticle: article?.contraintesArticle ?? null,
  })
  const batiment = batiments?.find((b) => b.numBatiment === need.numBatiment)
  return {
    numArticle: need.numArticle,
    libelleArticle: need.libelleArticle,
    codeTypeArticle: need.codeTypeArticle,
    numAdresse: need.numAdresse,
    numBatiment: need.numBatiment,
    numExploitation: need.numExploitation,
    numLot: need.numLot ?? null,
    prefill: {
      quantiteCommande: line.quantite,
      codeModeCamion: line.codeModeCamion,
      // The building's first silo type, else the first default one (the form's own lists).
      codeTypeSilo1: batiment?.typesSilo[0]?.code ?? advice.timing.params?.typesSiloDefault[0] ?? null,
      datePrevueLivraison: line.fenetre?.datePrevueLivraison ?? null,
      finDatePrevueLivraison: line.fenetre?.finDatePrevueLivraison ?? null,
      // Slots the window allows: on a single day, the whole day rather than ID → ID (issue 43).
      matinApmidi: line.creneaux.matinApmidi,
      finMatinApmidi: line.creneaux.finMatinApmidi,
    },
  }
}
