// Feed forecasts on screen (issue 18): a need (a lot's next tranche, a regular feed) becomes an
// advised order — the latest moment to order — from the queries the screens already cache (the
// order parameters, the truck modes). Read from the persisted query cache first, so the advice
// still shows with no network; `dataUpdatedAt` says of when the data dates. The line the form
// opens with is computed on the tap (advice-prefill.ts): the history's first screen carries
// only what it shows.
import { useEffect, useMemo, useRef, useState } from 'react'
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
import { nextTask } from '../../api/next-task'
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
  /** A regular feed's order not delivered yet (the need is the delivery after it). */
  commande?: { tonnes: number; jour: IsoDate } | null
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

/** The rules every advice of a customer is computed with, but the moment and the need's own. */
interface AdviceRules {
  params: OrderTiming['params']
  /** The session's start (ISO), read by luxon where an advice is computed, not in the render. */
  loginAt: string | null
  modesCamion: OrderTiming['modesCamion']
}

/** One need's advice under these rules, ordered at `now`. */
function adviceFor(need: Need, { params, loginAt, modesCamion }: AdviceRules, now: DateTime): Advice {
  const timing: OrderTiming = {
    params,
    modesCamion,
    sessionStart: loginAt ? DateTime.fromISO(loginAt) : null,
    contraintesLivraison: need.contraintesLivraison ?? null,
    codeFamilleArticle: need.codeFamilleArticle ?? null,
    codeModeCamion: need.codeModeCamion ?? null,
  }
  const withTruck = { ...timing, codeModeCamion: truckForNeed(need.besoin, timing) }
  const moment = latestOrderMoment(now, need.jourBesoin, withTruck)
  return { need, moment, text: orderMomentText(moment), late: moment.kind === 'en-retard', timing: withTruck }
}

/** Late first, then the soonest moment. */
const when = (a: Advice) => (a.moment.kind === 'a-temps' ? a.moment.avant.toMillis() : 0)
const soonestFirst = (a: Advice, b: Advice) => when(a) - when(b) || byCharacters(a.need.jourBesoin, b.need.jourBesoin)

/** An advice computed, with the rules and the minute it was computed for. */
interface Computed {
  advice: Advice
  rules: AdviceRules
  minute: number
}

const upToDate = (known: Computed | undefined, rules: AdviceRules, minute: number): known is Computed =>
  known !== undefined && known.rules === rules && known.minute === minute

/**
 * `pending`: a first answer is still being fetched (with no cache and no network, the defaults are
 * used), or, `inSlices`, an advice is still being computed. `inSlices` (the history's panel, which
 * shows nothing but "Calcul en cours…" meanwhile): each advice is computed in a task of its own
 * after the render, not all in the render (a render is one task: 12–18 ms unthrottled for the
 * history's needs, four times that on a slow phone; issue 29). A lot's card computes its one need
 * in its render, so that its sentence is there with the card.
 */
export function useOrderAdvice(
  numTiers: string,
  needs: readonly Need[],
  { inSlices = false }: { inSlices?: boolean } = {},
): { advices: Advice[]; dataUpdatedAt: number; failed: boolean; pending: boolean } {
  const { user } = useRouteContext({ from: '/_main' })
  const paramsQuery = useQuery({ ...parametresCommandeRawQueryOptions(numTiers), ...quiet })
  const referentiel = useQuery({ ...referentielQueryOptions(numTiers), ...quiet })
  const ref = referentiel.data
  const loginAt = user.loginAt
  const rules = useMemo((): AdviceRules => {
    const base = paramsQuery.data ? toOrderParameters(paramsQuery.data) : DEFAULT_ORDER_PARAMETERS
    const params = base.typesSiloDefault.length || !ref ? base : { ...base, typesSiloDefault: ref.typesSiloDefault }
    const modesCamion = withTruckLimits(ref?.modesCamion ?? [], params)
    return { params, modesCamion, loginAt: loginAt ?? null }
  }, [paramsQuery.data, ref, loginAt])

  // Each advice is a search over the coming days (latestOrderMoment), heavy for a slow phone:
  // computed again only when what it depends on changes, or the minute does, not on every render
  // of the panel. The needs arrive one source after the other (the history, the lots) while the
  // rules stay: an advice already computed for the same need under the same rules is kept, so each
  // arrival computes only what is new (all of them again took 60–70 ms at 4× CPU, in one
  // synchronous render, each time; issue 29).
  const minute = Math.floor(Date.now() / 60_000)
  // The advices computed so far, by need, with the rules and the minute they were computed for:
  // in slices, kept across a restart (new needs arriving while others are computed), and while
  // one is computed again (a minute went by, new rules) the previous one stays shown.
  const computed = useRef(new Map<string, Computed>())
  const inRender = useMemo(() => {
    if (inSlices) return []
    const now = parisNow()
    const all = needs.map((need): Advice => {
      const known = computed.current.get(needIdentity(need))
      if (upToDate(known, rules, minute)) return { ...known.advice, need }
      const advice = adviceFor(need, rules, now)
      computed.current.set(needIdentity(need), { advice, rules, minute })
      return advice
    })
    return all.sort(soonestFirst)
    // `minute` (one of the rules) is what makes "now" move on.
  }, [inSlices, needs, rules, minute])

  // In slices: `shown` is what the last slices' end drew.
  const [shown, setShown] = useState<ReadonlyMap<string, Computed>>(() => new Map())
  useEffect(() => {
    if (!inSlices) return
    const outdated = needs.filter((need) => !upToDate(computed.current.get(needIdentity(need)), rules, minute))
    if (outdated.length === 0) {
      // All computed, some by a run cut short by new needs: drawn now if not drawn yet.
      if (needs.some((need) => shown.get(needIdentity(need)) !== computed.current.get(needIdentity(need))))
        setShown(new Map(computed.current))
      return
    }
    let cancelled = false
    void (async () => {
      const now = parisNow()
      for (const need of outdated) {
        await nextTask()
        if (cancelled) return
        computed.current.set(needIdentity(need), { advice: adviceFor(need, rules, now), rules, minute })
      }
      setShown(new Map(computed.current))
    })()
    return () => {
      cancelled = true
    }
  }, [inSlices, needs, rules, minute, shown])
  const inTasks = useMemo(() => {
    if (!inSlices) return { advices: [], complete: true }
    const advices = needs.flatMap((need) => {
      const known = shown.get(needIdentity(need))
      return known ? [{ ...known.advice, need }] : []
    })
    return { advices: advices.sort(soonestFirst), complete: advices.length === needs.length }
  }, [inSlices, needs, shown])

  const sources = [paramsQuery, referentiel]
  const oldest = Math.min(...sources.map((q) => q.dataUpdatedAt || Infinity))
  return {
    advices: inSlices ? inTasks.advices : inRender,
    dataUpdatedAt: Number.isFinite(oldest) ? oldest : 0,
    failed: sources.some((q) => q.isRefetchError),
    pending: sources.some((q) => q.isLoading) || !inTasks.complete,
  }
}
