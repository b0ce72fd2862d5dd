// The synthetic cooperative's past: deliveries on business days over the last years (about 2.5
// lines each, ~150 lines per member), and past internet orders with their lines and the steps
// each line went through. Rows are generated while written: nothing of it is kept in memory.
import * as h from '../../../contract/import/kinds-history'
import { isBusinessDayNumber } from '../../../domain/calendar'
import { dayNumberOfIso, isoOfDayNumber } from '../../../domain/day-numbers'
import type { Rng } from '../rng'
import { orderableOf } from './articles'
import type { Catalog } from './catalog'
import { csvWriter, frDate, type CsvWriter } from './csv-writer'
import { rngFor, type CooperativeOptions, type Member } from './options'

const businessDayFrom = (n: number) => {
  while (!isBusinessDayNumber(n)) n++
  return n
}
const dayOf = (iso: string) => dayNumberOfIso(iso)!

/** One delivery and its lines (1 to 4) for `mb`, on day number `day`. */
async function delivery(
  w: { head: CsvWriter; lines: CsvWriter },
  rng: Rng,
  mb: Member,
  articles: readonly string[],
  numLivraison: string,
  day: number,
): Promise<number> {
  await w.head.row([numLivraison, mb.numTiers, frDate(isoOfDayNumber(day)), rng.chance(0.85) ? 'VIS' : 'PNEU'])
  const n = rng.int(1, 4)
  for (let k = 1; k <= n; k++) {
    await w.lines.row([
      numLivraison,
      k,
      rng.pick(articles),
      rng.tonnes(2, 27),
      rng.chance(0.05) ? null : rng.int(1, mb.adresses),
      mb.numExploitation,
      rng.chance(0.5) ? rng.pick(mb.batiments) : null,
      null,
      null,
    ])
  }
  return 1 + n
}

export async function writeDeliveries(folder: string, o: CooperativeOptions, cat: Catalog, all: Member[]) {
  const w = { head: csvWriter(folder, h.livraisons), lines: csvWriter(folder, h.lignesLivraison) }
  const end = dayOf(o.aujourdhui)
  const span = Math.round(o.annees * 365)
  const perMember = Math.max(1, Math.round(o.lignesLivraisonParMembre / 2.5))
  const step = span / perMember
  let seq = 0
  for (const mb of all) {
    const rng = rngFor(o, 40_000 + mb.index)
    const articles = orderableOf(o, cat, mb)
    if (articles.length === 0) continue
    for (let k = 0; k < perMember; k++) {
      const day = businessDayFrom(end - span + Math.floor(k * step + rng.next() * step * 0.8))
      if (day >= end) break
      await delivery(w, rng, mb, articles, `BL${String(++seq).padStart(9, '0')}`, day)
    }
  }
  return (await w.head.close()) + (await w.lines.close())
}

/** One day's deliveries (a delta file of about `rows` rows), numbered apart from the history's. */
export async function writeDeliveryDelta(
  folder: string,
  o: CooperativeOptions,
  cat: Catalog,
  all: Member[],
  rows: number,
): Promise<number> {
  const w = { head: csvWriter(folder, h.livraisons), lines: csvWriter(folder, h.lignesLivraison) }
  const rng = rngFor(o, 9)
  const day = businessDayFrom(dayOf(o.aujourdhui))
  let written = 0
  for (let k = 0; written < rows; k++) {
    const mb = all[(k * 7919) % all.length]!
    written += await delivery(
      w,
      rng,
      mb,
      orderableOf(o, cat, mb),
      `BJ${isoOfDayNumber(day).replace(/-/g, '')}${String(k).padStart(6, '0')}`,
      day,
    )
  }
  return (await w.head.close()) + (await w.lines.close())
}

const FLOW = ['ENREGISTREE', 'VALORISEE', 'PREPAREE', 'LOGISTIQUE', 'LIVREE', 'FACTUREE'] as const

function stepsTo(etape: string): string[] {
  if (etape === 'SUPPRIMEE' || etape === 'ERREUR') return ['ENREGISTREE', etape]
  return FLOW.slice(0, FLOW.indexOf(etape as (typeof FLOW)[number]) + 1)
}

const at = (day: number, hh: number, mm: number) =>
  `${frDate(isoOfDayNumber(day))} ${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}`

export async function writeOrders(folder: string, o: CooperativeOptions, cat: Catalog, all: Member[]) {
  const w = {
    head: csvWriter(folder, h.commandes),
    lines: csvWriter(folder, h.lignesCommande),
    steps: csvWriter(folder, h.etapesCommande),
  }
  const rng = rngFor(o, 8)
  const end = dayOf(o.aujourdhui)
  const span = Math.round(o.annees * 365)
  for (let k = 0; k < o.commandes; k++) {
    const mb = all[k % all.length]!
    const articles = orderableOf(o, cat, mb)
    if (articles.length === 0) continue
    const numero = `C${String(k + 1).padStart(7, '0')}`
    const day = businessDayFrom(end - span + Math.floor(((k + 0.5) / o.commandes) * span))
    const recent = end - day < 12
    await w.head.row([numero, mb.numTiers, at(day, 8 + (k % 10), k % 60), mb.numTiers, null])
    const n = rng.chance(0.6) ? 1 : 2
    for (let l = 1; l <= n; l++) {
      const etape = recent ? rng.pick(FLOW.slice(0, 5)) : rng.chance(0.05) ? 'SUPPRIMEE' : 'FACTUREE'
      const idLigne = String(l).padStart(3, '0')
      const qte = rng.tonnes(2, 27)
      const start = businessDayFrom(day + 2)
      await w.lines.row([
        numero,
        idLigne,
        etape,
        rng.pick(articles),
        null,
        null,
        qte,
        rng.int(1, mb.adresses),
        frDate(isoOfDayNumber(start)),
        frDate(isoOfDayNumber(businessDayFrom(start + 2))),
        'ID',
        'ID',
        'VIS',
        '001',
        null,
        null,
        false,
        null,
        null,
        null,
        null,
        'PRE30',
        null,
        '',
      ])
      for (const [s, step] of stepsTo(etape).entries()) {
        const livree = step === 'LIVREE'
        await w.steps.row([
          numero,
          idLigne,
          step,
          at(Math.min(day + s, end - 1), 9 + s, l),
          livree ? qte : null,
          livree ? frDate(isoOfDayNumber(Math.min(day + s, end - 1))) : null,
          null,
        ])
      }
    }
  }
  return (await w.head.close()) + (await w.lines.close()) + (await w.steps.close())
}
