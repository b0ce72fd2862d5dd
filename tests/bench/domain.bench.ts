// Figures for the domain rules: a 100-line cart checked as the 'Etape suivante' flow and the
// server's order acceptance check it (budget: under 2 ms), and 10,000 first allowed dates.
import { afterAll, bench, describe } from 'vitest'
import { DateTime } from 'luxon'
import { capacityWarnings, groupCartLines, totalWeight } from '../../src/domain/cart'
import { nextStep } from '../../src/domain/cart-checks'
import { firstAllowedDayNumber } from '../../src/domain/calendar'
import { latestOrderMoment } from '../../src/domain/latest-order-moment'
import { validateOrderLine } from '../../src/domain/order-line'
import type { CartLine } from '../../src/domain/types'

const now = DateTime.fromISO('2026-11-23T09:00', { zone: 'Europe/Paris' })
const starts = ['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-30']
const lines: CartLine[] = Array.from({ length: 100 }, (_, i) => ({
  idLigne: String(i + 1).padStart(3, '0'),
  numArticle: String(10000 + i),
  codeFamilleArticle: i % 7 === 0 ? '461' : '4601',
  codeFiliere: i % 2 ? '10' : '20',
  numAdresse: i % 3,
  datePrevueLivraison: starts[i % 5],
  finDatePrevueLivraison: '2026-12-02',
  matinApmidi: 'ID',
  finMatinApmidi: 'ID',
  codeModeCamion: i % 4 === 0 ? 'VISP' : 'VIS',
  codeTypeSilo1: `S${i}`,
  quantiteCommande: 5 + (i % 10) / 2,
}))

describe('cart of 100 lines', () => {
  bench('nextStep (dates, storage places across lines) + groups, total, capacity', () => {
    nextStep(lines, { now })
    groupCartLines(lines)
    totalWeight(lines)
    capacityWarnings(lines)
  })
  bench('validateOrderLine on each of the 100 lines (order acceptance)', () => {
    for (const line of lines) validateOrderLine(line, { now, otherLines: lines })
  })
})

describe('first allowed dates', () => {
  const nows = Array.from({ length: 10_000 }, (_, i) => now.plus({ minutes: i * 37 }))
  bench('10,000 first allowed dates as day numbers (no DateTime built)', () => {
    for (const n of nows) firstAllowedDayNumber({ now: n, delaisMinJoursOuvres: 2 })
  })
})

// The history's "À commander" panel (issue 29: a long task of the first screen): the latest
// moment to order for ten needs spread over the coming three weeks, a session started that morning.
const sessionStart = now.minus({ minutes: 30 })
const needs = Array.from({ length: 10 }, (_, i) => now.plus({ days: 2 + i * 2 }).toISODate()!)
const advise = () => {
  for (const need of needs) latestOrderMoment(now, need, { sessionStart, contraintesLivraison: null })
}
describe('order advice', () => {
  bench('latest order moment of 10 needs', advise)
})

// vitest prints means and percentiles; the issue asks for medians, so they are printed too,
// from plain timed repetitions of the same work.
function median(run: () => void, times: number): number {
  const samples: number[] = []
  for (let i = 0; i < times; i++) {
    const t = performance.now()
    run()
    samples.push(performance.now() - t)
  }
  samples.sort((a, b) => a - b)
  return samples[Math.floor(samples.length / 2)]!
}

afterAll(() => {
  const cart = median(() => {
    nextStep(lines, { now })
    groupCartLines(lines)
    totalWeight(lines)
    capacityWarnings(lines)
  }, 500)
  const nows = Array.from({ length: 10_000 }, (_, i) => now.plus({ minutes: i * 37 }))
  const dates = median(() => {
    for (const n of nows) firstAllowedDayNumber({ now: n, delaisMinJoursOuvres: 2 })
  }, 15)
  const advice = median(advise, 30)
  console.log(
    `median: checking a 100-line cart ${cart.toFixed(3)} ms (budget 2 ms); 10,000 first allowed dates ${dates.toFixed(1)} ms; ` +
      `latest order moment of 10 needs ${advice.toFixed(2)} ms`,
  )
})
