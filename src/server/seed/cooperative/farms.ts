// The synthetic cooperative's farms: one exploitation per member with its buildings; for the
// poultry farmers, lots (past, current and coming) with one or two feeding plans of four tranches;
// contracts for about half of the members.
import * as f from '../../../contract/import/kinds-farms'
import { addDays } from '../rng'
import type { Catalog } from './catalog'
import { frDate, writeFile, type CellValue } from './csv-writer'
import { rngFor, type CooperativeOptions, type Member } from './options'

const FILIERE = { bovins: '10', porcs: '20', volailles: '60' } as const
const SILOS = ['001', '002', '003', '004', '010', '020', '040']

export interface SynthLot {
  numLot: string
  member: Member
  numBatiment: number
  dateMep: string
}

/** The lots of the poultry farmers: four per farmer, placed every 45 days up to 30 days ahead. */
function lotsOf(o: CooperativeOptions, all: Member[]): SynthLot[] {
  const out: SynthLot[] = []
  for (const mb of all) {
    if (mb.species !== 'volailles') continue
    for (let k = 0; k < 4; k++) {
      out.push({
        numLot: `VL${String(mb.index * 4 + k).padStart(6, '0')}`,
        member: mb,
        numBatiment: mb.batiments[k % mb.batiments.length]!,
        dateMep: addDays(o.aujourdhui, 30 - 45 * (3 - k) - (mb.index % 20)),
      })
    }
  }
  return out
}

export async function writeFarms(folder: string, o: CooperativeOptions, cat: Catalog, all: Member[]) {
  const lots = lotsOf(o, all)
  const counts = await Promise.all([
    writeFile(
      folder,
      f.exploitations,
      all.map((mb) => [mb.numExploitation, mb.numTiers, `Exploitation ${mb.numTiers}`]),
    ),
    writeFile(folder, f.batiments, buildings(o, all)),
    writeFile(
      folder,
      f.lots,
      lots.map((l, i) => [
        l.numLot,
        l.member.numExploitation,
        l.numBatiment,
        frDate(l.dateMep),
        8_000 + (i % 20) * 1_000,
        '60',
      ]),
    ),
    writeFile(folder, f.plans, plans(lots)),
    writeFile(folder, f.tranches, tranches(cat, lots)),
    writeFile(folder, f.contrats, contracts(o, cat, all)),
  ])
  return counts.reduce((a, b) => a + b, 0)
}

function* buildings(o: CooperativeOptions, all: Member[]) {
  const rng = rngFor(o, 6)
  for (const mb of all) {
    for (const [k, numBatiment] of mb.batiments.entries()) {
      const silos = SILOS.filter(() => rng.chance(0.4))
      const row: CellValue[] = [
        numBatiment,
        mb.numExploitation,
        `Bâtiment ${k + 1}`,
        FILIERE[mb.species],
        silos.join('|'),
      ]
      yield row
    }
  }
}

const planNames = (l: SynthLot, i: number) =>
  i % 3 === 0 ? ['Plan standard 42 jours', 'Plan croissance lente'] : ['Plan standard 42 jours']

function* plans(lots: SynthLot[]) {
  for (const [i, l] of lots.entries()) {
    for (const [k, libelle] of planNames(l, i).entries()) {
      yield [l.numLot, libelle, k === 0, frDate(l.dateMep), frDate(addDays(l.dateMep, k === 0 ? 42 : 56))]
    }
  }
}

function* tranches(cat: Catalog, lots: SynthLot[]) {
  const feeds = cat.bySpecies.volailles
  const ages = [
    [0, 10, 0.3],
    [11, 24, 1.2],
    [25, 35, 1.5],
    [36, 42, 0.9],
  ] as const
  for (const [i, l] of lots.entries()) {
    for (const libelle of planNames(l, i)) {
      for (const [k, [mini, maxi, kg]] of ages.entries()) {
        const articles = [feeds[(i + k) % feeds.length]!, feeds[(i + k + 1) % feeds.length]!]
        yield [l.numLot, libelle, k + 1, mini, maxi, kg, [...new Set(articles)].join('|')]
      }
    }
  }
}

function* contracts(o: CooperativeOptions, cat: Catalog, all: Member[]) {
  const rng = rngFor(o, 7)
  for (const mb of all) {
    if (!rng.chance(0.5)) continue
    const debut = addDays(o.aujourdhui, -rng.int(0, 300))
    const qte = rng.tonnes(50, 400, 10)
    yield [
      `CT${String(mb.index).padStart(6, '0')}`,
      mb.numTiers,
      rng.pick(['TF', 'PR', 'EA']),
      'F1',
      'Contrat à terme fixe',
      rng.pick(cat.bySpecies[mb.species]),
      frDate(debut),
      frDate(addDays(debut, 365)),
      qte,
      rng.tonnes(0, qte, 0.5),
      null,
      null,
    ]
  }
}
