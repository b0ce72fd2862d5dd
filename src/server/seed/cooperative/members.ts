// The synthetic cooperative's members: tiers, accounts, addresses (~1.5 each, a few suspended),
// payment modes, bank domiciliations and payment incidents; its field advisers and their portfolios.
import * as m from '../../../contract/import/kinds-members'
import { addDays } from '../rng'
import { frDate, writeFile, type CellValue } from './csv-writer'
import { rngFor, type CooperativeOptions, type Member } from './options'

const FORMES = ['GAEC DE', 'GAEC DU DOMAINE DE', 'EARL', 'SCEA DE', 'SARL']
const LIEUX = [
  'LA HAIE',
  'KERBRAT',
  'LA VALLÉE',
  'BEAUSOLEIL',
  'LA FONTAINE',
  'BEL AIR',
  'LA LANDE',
  'PRÉ VERT',
  'LA MÉTAIRIE',
  'KERGUÉLEN',
  'LA BRIANTAIS',
  'BOIS JOLI',
  'MOULIN NEUF',
  'TY NEVEZ',
  'LA CHÊNAIE',
]
const NOMS = [
  'LE GALL',
  'MARTIN',
  'BERNARD',
  'LE ROUX',
  'GUÉGUEN',
  'DURAND',
  'MOREAU',
  'TANGUY',
  'PICHON',
  'BRIAND',
  'HAMON',
  'GAUTIER',
  'LEMOINE',
  'JOUAN',
  'LE CORRE',
  'MÉNARD',
  'GUILLOU',
]
const TOWNS: Array<[string, string, string]> = [
  ['35160', 'Montfort-sur-Meu', 'Bretagne'],
  ['22600', 'Loudéac', 'Bretagne'],
  ['29270', 'Carhaix-Plouguer', 'Bretagne'],
  ['56300', 'Pontivy', 'Bretagne'],
  ['44110', 'Châteaubriant', 'Pays de la Loire'],
  ['53000', 'Laval', 'Pays de la Loire'],
  ['85500', 'Les Herbiers', 'Pays de la Loire'],
  ['50200', 'Coutances', 'Normandie'],
  ['61100', 'Flers', 'Normandie'],
]
const FARMER_ROLES = 'COM_ALI_LECTURE_PERSONNELLE|COM_ALI_ECRITURE_PERSONNELLE'
/** A field adviser per ADVISER_MEMBERS members, bound to a portfolio (decision 0057): their
 * accounts in comptes.csv, their members in portefeuilles.csv (40 advisers for 20,000 members). */
const ADVISER_MEMBERS = 500
const ADVISER_ROLES = 'COM_ALI_ECRITURE_PORTEFEUILLE'
const advisersOf = (all: Member[]) => Math.ceil(all.length / ADVISER_MEMBERS)
const adviser = (k: number) => `conseiller-${String(k + 1).padStart(3, '0')}`

export async function writeMembers(folder: string, o: CooperativeOptions, all: Member[]): Promise<number> {
  const names = all.map((mb) => {
    const rng = rngFor(o, 10_000 + mb.index)
    const forme = rng.pick(FORMES)
    const raison = forme === 'EARL' || forme === 'SARL' ? `${forme} ${rng.pick(NOMS)}` : `${forme} ${rng.pick(LIEUX)}`
    return { raison, town: rng.pick(TOWNS), email: rng.chance(0.7) ? `contact.${mb.numTiers}@example.org` : null }
  })
  const counts = await Promise.all([
    writeFile(
      folder,
      m.tiers,
      all.map((mb, i) => [
        mb.numTiers,
        names[i]!.raison,
        mb.index % 25 === 0 ? 'CLI' : 'ADH',
        'AGR',
        names[i]!.email,
        names[i]!.town[2],
      ]),
    ),
    writeFile(folder, m.comptes, [
      ...all.map((mb, i): CellValue[] => [mb.numTiers, names[i]!.raison, names[i]!.email, FARMER_ROLES]),
      ...Array.from({ length: advisersOf(all) }, (_, k): CellValue[] => [
        adviser(k),
        `Conseiller ${k + 1}`,
        `${adviser(k)}@example.org`,
        ADVISER_ROLES,
      ]),
    ]),
    writeFile(
      folder,
      m.portefeuilles,
      all.map((mb, i) => [adviser(Math.floor(i / ADVISER_MEMBERS)), mb.numTiers]),
    ),
    writeFile(folder, m.adresses, addresses(o, all, names)),
    writeFile(folder, m.reglements, payments(all)),
    writeFile(
      folder,
      m.domiciliations,
      all.map((mb) => [
        1_000_000 + mb.index,
        mb.numTiers,
        `FR76 **** **** ${String(mb.index % 10_000).padStart(4, '0')}`,
        'Crédit Agricole',
      ]),
    ),
    writeFile(folder, m.incidents, incidents(o, all)),
  ])
  return counts.reduce((a, b) => a + b, 0)
}

function* addresses(o: CooperativeOptions, all: Member[], names: Array<{ raison: string; town: string[] }>) {
  const rng = rngFor(o, 2)
  for (const [i, mb] of all.entries()) {
    for (let a = 1; a <= mb.adresses; a++) {
      const [cp, ville] = a === 1 ? names[i]!.town : rng.pick(TOWNS)
      const row: CellValue[] = [
        mb.numTiers,
        a,
        a > 1 && rng.chance(0.06) ? 'S' : 'A',
        a === 1 ? names[i]!.raison : `Site ${a}`,
        `Lieu-dit ${rng.pick(LIEUX)}`,
        null,
        cp,
        ville,
      ]
      yield row
    }
  }
}

function* payments(all: Member[]) {
  for (const mb of all) {
    yield [mb.numTiers, 'PRE30', true]
    if (mb.index % 3 === 0) yield [mb.numTiers, 'VIR45', false]
  }
}

function* incidents(o: CooperativeOptions, all: Member[]) {
  const rng = rngFor(o, 3)
  for (const mb of all) {
    if (!rng.chance(0.02)) continue
    const day = addDays(o.aujourdhui, -rng.int(10, 400))
    const lifted = rng.chance(0.6) ? frDate(addDays(day, rng.int(5, 60))) : null
    yield [mb.numTiers, frDate(day), rng.chance(0.3), 'Impayé', lifted]
  }
}
