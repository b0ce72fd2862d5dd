// Feed forecasts on screen (issue 18): a need (a lot's next tranche, a regular feed) becomes an
// advised order — the latest moment to order — from the queries the screens already cache (the
// order parameters, the truck modes). Read from the persisted query cache first, so the advice
// still shows with no network; `dataUpdatedAt` says of when the data dates. The line the form
// opens with is computed on the tap (advice-prefill.ts): the history's first screen carries
// only what it shows.
import { useMemo } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { DateTime } from 'luxon'
import { parametresCommandeRawQueryOptions, toOrderParameters } from '../../api/parametres-commande'
import { referentielQueryOptions } from '../../api/referentiel'
import {
  latestOrderMoment,
  orderMomentText,
  truckForNeed,
  type OrderMoment,
  type OrderTiming,
} from '../../domain/latest-order-moment'
import { DEFAULT_ORDER_PARAMETERS, withTruckLimits } from '../../domain/order-parameters'
import type { ContraintesLivraison, IsoDate } from '../../domain/types'
import { parisNow } from './now'

/** What is needed, by when, where. */
export interface Need {
  key: string
  kind: 'lot' | 'regulier'
  numArticle: string
  libelleArticle: string
  codeTypeArticle: string
  /** Tonnes. */
  besoin: number
  jourBesoin: IsoDate
  numAdresse: number | null
  numBatiment: number | null
  numExploitation: number | null
  numLot?: string | null
  codeModeCamion?: string | null
  /**
   * The article's delivery constraints at this address, as the history's lines carry them (the
   * order-line form checks the dates again against its own copy).
   */
  contraintesLivraison?: ContraintesLivraison | null
  codeFamilleArticle?: string | null
}

export interface Advice {
  need: Need
  moment: OrderMoment
  /** "À commander avant le …" or "En retard : livraison au plus tôt le …". */
  text: string
  late: boolean
  /** The rules the moment was computed with; the tap builds the line with the same. */
  timing: OrderTiming
}

const quiet = { meta: { errorDialog: false }, retry: 1 } as const

/** `pending`: a first answer is still being fetched (with no cache and no network, the defaults are used). */
export function useOrderAdvice(
  numTiers: string,
  needs: readonly Need[],
): { advices: Advice[]; dataUpdatedAt: number; failed: boolean; pending: boolean } {
  const { user } = useRouteContext({ from: '/_main' })
  const paramsQuery = useQuery({ ...parametresCommandeRawQueryOptions(numTiers), ...quiet })
  const referentiel = useQuery({ ...referentielQueryOptions(numTiers), ...quiet })
  const ref = referentiel.data
  const loginAt = user.loginAt

  // Each advice is a search over the coming days (latestOrderMoment), heavy for a slow phone:
  // computed again only when what it depends on changes, or the minute does, not on every render
  // of the panel (the lots, the parameters and the truck modes arrive one after the other).
  const minute = Math.floor(Date.now() / 60_000)
  const advices = useMemo(() => {
    const base = paramsQuery.data ? toOrderParameters(paramsQuery.data) : DEFAULT_ORDER_PARAMETERS
    const params = base.typesSiloDefault.length || !ref ? base : { ...base, typesSiloDefault: ref.typesSiloDefault }
    const modesCamion = withTruckLimits(ref?.modesCamion ?? [], params)
    const sessionStart = loginAt ? DateTime.fromISO(loginAt) : null
    const now = parisNow()
    const all = needs.map((need): Advice => {
      const rules: OrderTiming = {
        params,
        sessionStart,
        modesCamion,
        contraintesLivraison: need.contraintesLivraison ?? null,
        codeFamilleArticle: need.codeFamilleArticle ?? null,
        codeModeCamion: need.codeModeCamion ?? null,
      }
      const timing = { ...rules, codeModeCamion: truckForNeed(need.besoin, rules) }
      const moment = latestOrderMoment(now, need.jourBesoin, timing)
      return { need, moment, text: orderMomentText(moment), late: moment.kind === 'en-retard', timing }
    })
    // Late first, then the soonest moment.
    const when = (a: Advice) => (a.moment.kind === 'a-temps' ? a.moment.avant.toMillis() : 0)
    return all.sort((a, b) => when(a) - when(b) || a.need.jourBesoin.localeCompare(b.need.jourBesoin))
    // `minute` is what makes "now" move on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [needs, paramsQuery.data, ref, loginAt, minute])
  const sources = [paramsQuery, referentiel]
  const oldest = Math.min(...sources.map((q) => q.dataUpdatedAt || Infinity))
  return {
    advices,
    dataUpdatedAt: Number.isFinite(oldest) ? oldest : 0,
    failed: sources.some((q) => q.isRefetchError),
    pending: sources.some((q) => q.isLoading),
  }
}
