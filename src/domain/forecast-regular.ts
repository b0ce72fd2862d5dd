// Feeds a customer receives regularly at one address, read from the delivery history (issue 18):
// at least three deliveries, the usual interval between them and the usual quantity (medians,
// so that one odd delivery does not move them), and the day the next one is usually due.
// Lines of a poultry lot are left out: the lot's feeding plan forecasts those. For a customer who
// has lots, poultry feeds (family 45) without a lot are left out too: the spec sends poultry
// orders through Lots & plans (ordering-area §8 help, the history's "Lots & plans" shortcut).
// What is already ordered and not delivered yet (orders in progress at the cooperative, orders
// waiting on the device) is the next delivery: the habit goes on from its date, so the advice
// never invites the farmer to order the same delivery twice (issue 43), as the lots do.
import type { DateTime } from 'luxon'
import { byCharacters } from './compare'
import { isPoultryFamily } from './articles'
import { dayNumber } from './calendar'
import { isoOfDayNumber } from './day-numbers'
import { QUANTITE_PAS } from './constants'
import { roundTonnes } from './tonnes'
import type { IsoDate } from './types'

export interface RegularHistoryLine {
  numArticle: string
  libelleArticle: string
  dateEffectiveLivraison: IsoDate
  quantiteLivree: number
  numAdresse: number | null
  artCommandable: boolean
  numLot?: string | null
  numBatiment?: number | null
  numExploitation?: number | null
  codeModeCamion?: string | null
  codeFamilleArticle?: string | null
}

/** A line ordered and not delivered yet: the cooperative's orders in progress, or the device's outbox. */
export interface OrderedLine {
  numArticle: string
  numAdresse: number | null
  /** Tonnes ordered. */
  tonnes: number
  /** The delivery asked for (the window's first day). */
  jour: IsoDate | null
  /** A lot's line: the lot's plan counts it, not the habit. */
  numLot?: string | null
}

export interface RegularFeed {
  numArticle: string
  libelleArticle: string
  numAdresse: number
  numBatiment: number | null
  numExploitation: number | null
  /** Deliveries seen (distinct days). */
  livraisons: number
  derniereLivraison: IsoDate
  /** Usual days between two deliveries. */
  intervalleJours: number
  /** Usual tonnes per delivery, to the 0.5 t step. */
  quantiteHabituelle: number
  /** The most frequent truck mode of these deliveries. */
  codeModeCamion: string | null
  /** The last delivery (or the last delivery ordered, when one is) + the usual interval. */
  prochaineDate: IsoDate
  /** What is ordered of it after the last delivery and not delivered yet, if anything. */
  commande: { tonnes: number; jour: IsoDate } | null
}

const MIN_DELIVERIES = 3

function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2
}

const mostFrequent = (values: readonly (string | null | undefined)[]): string | null => {
  const counts = new Map<string, number>()
  for (const v of values) if (v) counts.set(v, (counts.get(v) ?? 0) + 1)
  return [...counts].sort((a, b) => b[1] - a[1] || byCharacters(a[0], b[0]))[0]?.[0] ?? null
}

/**
 * The regular feeds, soonest due first. A feed whose next delivery is overdue by more than one
 * usual interval is left out: the farmer has evidently stopped buying it.
 */
export function regularFeeds(
  lines: readonly RegularHistoryLine[],
  now: DateTime,
  customer: { hasLots: boolean } = { hasLots: false },
  ordered: readonly OrderedLine[] = [],
): RegularFeed[] {
  const today = dayNumber(now) ?? 0
  const orderedBy = new Map<string, { tonnes: number; day: number }[]>()
  for (const o of ordered) {
    const day = o.jour ? dayNumber(o.jour) : null
    if (o.numLot || o.numAdresse === null || day === null || !(o.tonnes > 0)) continue
    const key = `${o.numArticle}|${o.numAdresse}`
    orderedBy.set(key, [...(orderedBy.get(key) ?? []), { tonnes: o.tonnes, day }])
  }
  const groups = new Map<string, RegularHistoryLine[]>()
  for (const l of Array.isArray(lines) ? lines : []) {
    if (!l || l.numLot || l.numAdresse === null || l.numAdresse === undefined || !l.artCommandable) continue
    if (customer.hasLots && isPoultryFamily(l.codeFamilleArticle)) continue
    if (dayNumber(l.dateEffectiveLivraison) === null || !(l.quantiteLivree > 0)) continue
    const key = `${l.numArticle}|${l.numAdresse}`
    groups.set(key, [...(groups.get(key) ?? []), l])
  }
  const feeds: RegularFeed[] = []
  for (const group of groups.values()) {
    // Several lines of one day are one delivery: their tonnes add up.
    const byDay = new Map<number, number>()
    for (const l of group) {
      const d = dayNumber(l.dateEffectiveLivraison) as number
      byDay.set(d, (byDay.get(d) ?? 0) + l.quantiteLivree)
    }
    const days = [...byDay.keys()].sort((a, b) => a - b)
    if (days.length < MIN_DELIVERIES) continue
    const intervalle = Math.round(median(days.slice(1).map((d, i) => d - days[i]!)))
    if (intervalle < 1) continue
    const last = days[days.length - 1]!
    const latest = group.reduce((a, b) => (b.dateEffectiveLivraison > a.dateEffectiveLivraison ? b : a))
    // Ordered for after the last delivery: that is the next delivery, the habit resumes from it.
    const pending = (orderedBy.get(`${latest.numArticle}|${latest.numAdresse}`) ?? []).filter((o) => o.day > last)
    const orderedDay = pending.length ? Math.max(...pending.map((o) => o.day)) : null
    const next = (orderedDay ?? last) + intervalle
    if (orderedDay === null && next < today - intervalle) continue
    const q = Math.max(QUANTITE_PAS, Math.round(median([...byDay.values()]) / QUANTITE_PAS) * QUANTITE_PAS)
    feeds.push({
      numArticle: latest.numArticle,
      libelleArticle: latest.libelleArticle,
      numAdresse: latest.numAdresse as number,
      numBatiment: latest.numBatiment ?? null,
      numExploitation: latest.numExploitation ?? null,
      livraisons: days.length,
      derniereLivraison: isoOfDayNumber(last),
      intervalleJours: intervalle,
      quantiteHabituelle: roundTonnes(q),
      codeModeCamion: mostFrequent(group.map((l) => l.codeModeCamion)),
      prochaineDate: isoOfDayNumber(next),
      commande:
        orderedDay === null
          ? null
          : { tonnes: roundTonnes(pending.reduce((t, o) => t + o.tonnes, 0)), jour: isoOfDayNumber(orderedDay) },
    })
  }
  return feeds.sort(
    (a, b) => byCharacters(a.prochaineDate, b.prochaineDate) || byCharacters(a.numArticle, b.numArticle),
  )
}
