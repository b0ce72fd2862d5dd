// 18 months of deliveries. 100001: several lines per delivery, on different addresses (the
// suspended one in the older months), a few without address, some non-orderable articles.
// 100002: poultry feed for its lots. Other members: a delivery every two months or so.
import { livraisonLignes, livraisons } from '../db/schema'
import { insertAll, type Tx } from './batch'
import type { SeededCustomer } from './customers'
import { DEMO } from './demo'
import { FEEDS_BY_SPECIES } from './article-catalog'
import { addDays, nextBusinessDay, pad, type Rng } from './rng'

type Delivery = typeof livraisons.$inferInsert
type Line = typeof livraisonLignes.$inferInsert

const HISTORY_DAYS = 548 // 18 months

/** Articles of 100001 with where they go: address, exploitation, building. */
const ELEVEUR_POOL: Array<{ numArticle: string; adr: number[]; expl: number; bat: number; min: number; max: number }> =
  [
    { numArticle: '410101', adr: [1, 3], expl: 1, bat: 11, min: 8, max: 18 },
    { numArticle: '410102', adr: [1], expl: 1, bat: 11, min: 6, max: 14 },
    { numArticle: '410104', adr: [1], expl: 1, bat: 11, min: 3, max: 8 },
    { numArticle: '410106', adr: [3], expl: 1, bat: 11, min: 4, max: 10 },
    { numArticle: '410103', adr: [1], expl: 1, bat: 11, min: 3, max: 6 }, // no longer orderable for 100001
    { numArticle: '410109', adr: [3], expl: 1, bat: 11, min: 4, max: 8 }, // no longer orderable for 100001
    { numArticle: '420101', adr: [2], expl: 2, bat: 21, min: 1, max: 3 },
    { numArticle: '420103', adr: [2], expl: 1, bat: 12, min: 8, max: 16 },
    { numArticle: '420104', adr: [2], expl: 1, bat: 12, min: 10, max: 25 },
    { numArticle: '420105', adr: [2], expl: 1, bat: 12, min: 12, max: 27 },
    { numArticle: '420106', adr: [2], expl: 2, bat: 21, min: 5, max: 12 },
    { numArticle: '470101', adr: [1, 2], expl: 1, bat: 11, min: 0.5, max: 2 },
    { numArticle: '470106', adr: [1], expl: 1, bat: 11, min: 1, max: 3 }, // MI + 47010: never orderable
  ]

export async function seedDeliveries(tx: Tx, rng: Rng, today: string, others: SeededCustomer[]) {
  const deliveries: Delivery[] = []
  const lines: Line[] = []
  let seq = 1
  const add = (numTiers: string, day: string, mode: string, items: Array<Omit<Line, 'numLivraison' | 'numLigne'>>) => {
    const numLivraison = `BL${pad(seq++, 7)}`
    deliveries.push({ numLivraison, numTiers, dateEffectiveLivraison: day, codeModeCamion: mode })
    items.forEach((item, i) => lines.push({ ...item, numLivraison, numLigne: i + 1 }))
  }

  for (let back = HISTORY_DAYS; back >= 3; back -= rng.int(6, 10)) {
    const day = nextBusinessDay(addDays(today, -back))
    if (day >= today) break
    const count = rng.int(1, 3)
    const items = Array.from({ length: count }, () => {
      const a = rng.pick(ELEVEUR_POOL)
      let numAdresse: number | null = rng.pick(a.adr)
      if (back > 365 && rng.chance(0.3)) numAdresse = 4 // the site suspended since
      if (rng.chance(0.05)) numAdresse = null
      return {
        numArticle: a.numArticle,
        quantiteLivree: rng.tonnes(a.min, a.max),
        numAdresse,
        numExploitation: a.expl,
        numBatiment: a.bat,
      }
    })
    add(DEMO.eleveur, day, rng.chance(0.8) ? 'VIS' : 'PNEU', items)
  }

  // 100002: older lots (not in the lots table any more) then the current ones.
  for (let back = HISTORY_DAYS; back >= 3; back -= rng.int(9, 14)) {
    const day = nextBusinessDay(addDays(today, -back))
    if (day >= today) break
    const pondeuses = back <= 68
    const numLot = pondeuses
      ? DEMO.lots.pondeuses
      : back <= 125 && back >= 80
        ? DEMO.lots.chairTermine
        : `VL${pad(9000 + Math.floor(back / 60), 5)}`
    const numArticle = pondeuses ? rng.pick(['450201', '450202']) : rng.pick(['450101', '450102', '450103', '461101'])
    add(DEMO.volailles, day, 'VIS', [
      {
        numArticle,
        quantiteLivree: rng.tonnes(5, 20),
        numAdresse: pondeuses ? 2 : 1,
        numLot,
        numExploitation: pondeuses ? 4 : 3,
        numBatiment: pondeuses ? 41 : 31,
      },
    ])
  }

  for (const c of others) {
    for (let back = HISTORY_DAYS - rng.int(0, 40); back >= 3; back -= rng.int(45, 90)) {
      const day = nextBusinessDay(addDays(today, -back))
      if (day >= today) break
      const count = rng.chance(0.3) ? 2 : 1
      add(
        c.numTiers,
        day,
        'VIS',
        Array.from({ length: count }, () => ({
          numArticle: rng.pick(FEEDS_BY_SPECIES[c.species]),
          quantiteLivree: rng.tonnes(4, 27),
          numAdresse: rng.pick(c.addresses),
        })),
      )
    }
  }

  // 100001's regular feed (issue 18), added last so that the numbers above stay as they were.
  const r = DEMO.alimentRegulier
  for (
    let back = -r.derniereLivraison + 4 * r.intervalleJours;
    back >= -r.derniereLivraison;
    back -= r.intervalleJours
  ) {
    add(DEMO.eleveur, nextBusinessDay(addDays(today, -back)), 'VIS', [
      {
        numArticle: r.numArticle,
        quantiteLivree: r.quantite,
        numAdresse: r.numAdresse,
        numExploitation: 1,
        numBatiment: 11,
      },
    ])
  }

  await insertAll(tx, livraisons, deliveries)
  await insertAll(tx, livraisonLignes, lines)
}
