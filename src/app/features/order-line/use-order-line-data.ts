// What the order-line form reads, from the query cache first (persisted, and behind it the
// service worker's cache of every GET /web/…): offline, it works from what was loaded before.
// A call that fails falls back to the spec's defaults where src/domain has them, and `notes`
// says so in French. Failures never open the global error dialog: the form handles them.
import { useEffect } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useLiveQuery } from 'dexie-react-hooks'
import {
  articlesQueryOptions,
  contraintesLivraisonQueryOptions,
  minerauxQueryOptions,
  supplementationsQueryOptions,
  validationAdresseQueryOptions,
} from '../../../api/articles'
import { contratsQueryOptions } from '../../../api/contrats'
import { batimentsQueryOptions } from '../../../api/exploitations'
import { parametresCommandeRawQueryOptions, toOrderParameters } from '../../../api/parametres-commande'
import { referentielQueryOptions } from '../../../api/referentiel'
import { tiersQueryOptions } from '../../../api/tiers'
import { offeredAddresses } from '../../../domain/articles'
import { contractsToDrawOn } from '../../../domain/contracts'
import { DEFAULT_ORDER_PARAMETERS, withTruckLimits } from '../../../domain/order-parameters'
import { readCartLines } from '../../../offline/cart'
import { parisNow } from '../../ui/now'
import { useOnline } from '../../ui/use-online'

const quiet = { meta: { errorDialog: false }, retry: 1 } as const

interface QueryState {
  isError: boolean
  isPending: boolean
  fetchStatus: string
  data?: unknown
}
// With networkMode offlineFirst a first fetch that fails offline waits, paused, for the network.
const failed = (q: QueryState) => q.data === undefined && (q.isError || (q.isPending && q.fetchStatus === 'paused'))
const loading = (q: QueryState) => q.isPending && q.fetchStatus === 'fetching'

export function useOrderLineData(
  owner: string,
  numTiers: string,
  numArticle: string,
  codeTypeArticle: string | null,
  numLot: string | null,
  numAdresse: string,
) {
  const online = useOnline()
  const queryClient = useQueryClient()
  const type = codeTypeArticle || 'A'
  const articles = useQuery({ ...articlesQueryOptions(numTiers), ...quiet })
  const referentiel = useQuery({ ...referentielQueryOptions(numTiers), ...quiet })
  const tiers = useQuery({ ...tiersQueryOptions(numTiers), ...quiet })
  const batiments = useQuery({ ...batimentsQueryOptions(numTiers), ...quiet })
  const contrats = useQuery({ ...contratsQueryOptions(numTiers), ...quiet })
  const paramsArticle = useQuery({
    ...parametresCommandeRawQueryOptions(numTiers, numArticle, numLot ?? undefined),
    ...quiet,
  })
  // Offline, an article never opened has no parameters of its own: the customer's apply.
  const paramsTiers = useQuery({
    ...parametresCommandeRawQueryOptions(numTiers),
    ...quiet,
    enabled: failed(paramsArticle),
  })
  const supplementations = useQuery({ ...supplementationsQueryOptions(type, numArticle, numTiers), ...quiet })
  const mineraux = useQuery({ ...minerauxQueryOptions(type, numArticle, numTiers), ...quiet })
  const adr = /^\d+$/.test(numAdresse) ? Number(numAdresse) : null
  const contraintes = useQuery({
    ...contraintesLivraisonQueryOptions(type, numArticle, numTiers, adr ?? 0),
    ...quiet,
    enabled: adr !== null,
  })
  // The address check: offline, the answer the device holds (prefetched below, and by the
  // preparation for no signal) decides as the server's would, with the same src/domain rule
  // (issue 51); only an address never checked is left to the server.
  const validation = useQuery({
    ...validationAdresseQueryOptions(numArticle, numTiers, adr ?? 0),
    ...quiet,
    enabled: adr !== null,
  })
  const cart = useLiveQuery(() => readCartLines(owner, numTiers), [owner, numTiers])
  const adresses = offeredAddresses(tiers.data?.adresses ?? [])

  // Prefetched when the form opens: the delivery constraints and address check of every
  // address, so that changing address later works without signal.
  const addressKey = adresses.map((a) => a.numAdr).join(',')
  useEffect(() => {
    if (!online) return
    for (const num of addressKey ? addressKey.split(',').map(Number) : []) {
      void queryClient.prefetchQuery({ ...contraintesLivraisonQueryOptions(type, numArticle, numTiers, num), ...quiet })
      void queryClient.prefetchQuery({ ...validationAdresseQueryOptions(numArticle, numTiers, num), ...quiet })
    }
  }, [online, addressKey, queryClient, type, numArticle, numTiers])

  const raw = paramsArticle.data ?? paramsTiers.data
  const base = raw ? toOrderParameters(raw) : DEFAULT_ORDER_PARAMETERS
  const ref = referentiel.data
  const params = base.typesSiloDefault.length || !ref ? base : { ...base, typesSiloDefault: ref.typesSiloDefault }
  const modes = withTruckLimits(ref?.modesCamion ?? [], params)

  const notes: string[] = []
  if (!raw && failed(paramsArticle))
    notes.push(
      "Hors connexion : les paramètres de commande n'ont pas pu être chargés, les valeurs par défaut s'appliquent.",
    )
  if (failed(supplementations))
    notes.push("Hors connexion : les supplémentations de cet article n'ont pas pu être chargées.")
  if (failed(mineraux)) notes.push("Hors connexion : les minéraux de cet article n'ont pas pu être chargés.")
  if (adr !== null && failed(contraintes))
    notes.push(
      "Hors connexion : les jours de livraison de cette adresse n'ont pas pu être chargés ; la coopérative les vérifiera.",
    )
  if (adr !== null && failed(validation))
    notes.push("Hors connexion : la compatibilité de l'adresse avec l'article sera vérifiée à l'envoi de la commande.")

  return {
    online,
    article: articles.data?.find((a) => a.numArticle === numArticle) ?? null,
    referentiel: ref ?? null,
    adresses,
    batiments: batiments.data ?? [],
    /** The forward contracts this line may be drawn on (offline: those read before). */
    contrats: contractsToDrawOn(contrats.data ?? [], numArticle, parisNow()),
    params,
    contraintesArticle: raw === paramsArticle.data ? (paramsArticle.data?.contraintesArticle ?? null) : null,
    supplementations: supplementations.data ?? [],
    mineraux: mineraux.data ?? [],
    /** Offline, the article's supplementations or minerals could not be loaded: "none" is unknown. */
    supplementsUnknown: failed(supplementations) || failed(mineraux),
    contraintesLivraison: contraintes.data ?? null,
    adresseCompatible: validation.data ? validation.data.valid : null,
    modes,
    cart,
    notes,
    /** Enough to show the form: the reference data (slots, truck modes) and the cart. */
    ready:
      Boolean(ref) && cart !== undefined && !loading(supplementations) && !loading(mineraux) && !loading(paramsArticle),
    loadFailed: failed(referentiel),
  }
}

export type OrderLineData = ReturnType<typeof useOrderLineData>
