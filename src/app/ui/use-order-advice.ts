// Feed forecasts on screen (issue 18): a need (a lot's next tranche, a regular feed) becomes an
// advised order — the latest moment to order — from the queries the screens already cache (the
// order parameters, the truck modes). Read from the persisted query cache first, so the advice
// still shows with no network; `dataUpdatedAt` says of when the data dates. The line the form
// opens with is computed on the tap (advice-prefill.ts): the history's first screen carries
// only what it shows.
import { useMemo, useRef } from 'react'
import { byCharacters } from '../../domain/compare'
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

/** What an advice is computed from, of a need: the same need under the same rules, the same advice. */
const needIdentity = (n: Need) =>
  JSON.stringify([
    n.key,
    n.besoin,
    n.jourBesoin,
    n.codeModeCamion ?? null,
    n.codeFamilleArticle ?? null,
    n.contraintesLivraison ?? null,
  ])

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
  // of the panel. The needs arrive one source after the other (the history, the lots) while the
  // rules stay: an advice already computed for the same need under the same rules is kept, so each
  // arrival computes only what is new (all of them again took 60–70 ms at 4× CPU, in one
  // synchronous render, each time; issue 29).
  const minute = Math.floor(Date.now() / 60_000)
  const computed = useRef<{ rules: readonly unknown[]; byNeed: Map<string, Advice> }>({ rules: [], byNeed: new Map() })
  const advices = useMemo(() => {
    const rulesNow = [paramsQuery.data, ref, loginAt, minute]
    if (rulesNow.some((r, i) => r !== computed.current.rules[i]))
      computed.current = { rules: rulesNow, byNeed: new Map() }
    const { byNeed } = computed.current
    const base = paramsQuery.data ? toOrderParameters(paramsQuery.data) : DEFAULT_ORDER_PARAMETERS
    const params = base.typesSiloDefault.length || !ref ? base : { ...base, typesSiloDefault: ref.typesSiloDefault }
    const modesCamion = withTruckLimits(ref?.modesCamion ?? [], params)
    const sessionStart = loginAt ? DateTime.fromISO(loginAt) : null
    const now = parisNow()
    const all = needs.map((need): Advice => {
      const known = byNeed.get(needIdentity(need))
      if (known) return { ...known, need }
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
      const advice = { need, moment, text: orderMomentText(moment), late: moment.kind === 'en-retard', timing }
      byNeed.set(needIdentity(need), advice)
      return advice
    })
    // Late first, then the soonest moment.
    const when = (a: Advice) => (a.moment.kind === 'a-temps' ? a.moment.avant.toMillis() : 0)
    return all.sort((a, b) => when(a) - when(b) || byCharacters(a.need.jourBesoin, b.need.jourBesoin))
    // `minute` (one of the rules) is what makes "now" move on.
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
