// Exploitations and buildings with their storage places, for the demo farmers and some members.
import { batiments, batimentTypesSilo, exploitations } from '../db/schema'
import { insertAll, type Tx } from './batch'
import type { SeededCustomer } from './customers'
import { DEMO } from './demo'
import { FILIERE } from './reference'

type Building = {
  numBatiment: number
  numExploitation: number
  numTiers: string
  libelle: string
  codeFiliere: string | null
  silos: string[]
}

/** 100001: two sites; 100002: two poultry sites. numBatiment/numExploitation are global ids. */
const DEMO_BUILDINGS: Building[] = [
  {
    numBatiment: 11,
    numExploitation: 1,
    numTiers: DEMO.eleveur,
    libelle: 'Stabulation vaches laitières',
    codeFiliere: FILIERE.BOVINS_LAIT,
    silos: ['001', '002', '040'],
  },
  {
    numBatiment: 12,
    numExploitation: 1,
    numTiers: DEMO.eleveur,
    libelle: 'Engraissement porcs',
    codeFiliere: FILIERE.PORCS,
    silos: ['003', '004', '005'],
  },
  {
    numBatiment: 21,
    numExploitation: 2,
    numTiers: DEMO.eleveur,
    libelle: 'Post-sevrage',
    codeFiliere: FILIERE.PORCS,
    silos: ['001', '020'],
  },
  {
    numBatiment: 31,
    numExploitation: 3,
    numTiers: DEMO.volailles,
    libelle: 'Poulailler 1',
    codeFiliere: FILIERE.VOLAILLES_CHAIR,
    silos: ['001', '002'],
  },
  {
    numBatiment: 32,
    numExploitation: 3,
    numTiers: DEMO.volailles,
    libelle: 'Poulailler 2',
    codeFiliere: FILIERE.VOLAILLES_CHAIR,
    silos: ['003', '004'],
  },
  {
    numBatiment: 33,
    numExploitation: 3,
    numTiers: DEMO.volailles,
    libelle: 'Poulailler 3',
    codeFiliere: FILIERE.VOLAILLES_CHAIR,
    silos: ['001', '002'],
  },
  {
    numBatiment: 41,
    numExploitation: 4,
    numTiers: DEMO.volailles,
    libelle: 'Bâtiment pondeuses',
    codeFiliere: FILIERE.VOLAILLES_PONTE,
    silos: ['001', '005', '006'],
  },
]

export async function seedFarms(tx: Tx, others: SeededCustomer[]) {
  const farms: Array<typeof exploitations.$inferInsert> = [
    { numExploitation: 1, numTiers: DEMO.eleveur, libelle: 'Site des Trois Chênes' },
    { numExploitation: 2, numTiers: DEMO.eleveur, libelle: 'Site de la Haie Blanche' },
    { numExploitation: 3, numTiers: DEMO.volailles, libelle: 'Élevage de Kerbrat' },
    { numExploitation: 4, numTiers: DEMO.volailles, libelle: 'Site de Ty Nevez' },
  ]
  const buildings = [...DEMO_BUILDINGS]
  // Every fourth member gets one exploitation with one building, for the adviser's screens.
  others.forEach((c, i) => {
    if (i % 4 !== 0) return
    const numExploitation = 100 + i
    farms.push({ numExploitation, numTiers: c.numTiers, libelle: 'Site principal' })
    const codeFiliere =
      c.species === 'bovins' ? FILIERE.BOVINS_LAIT : c.species === 'porcs' ? FILIERE.PORCS : FILIERE.VOLAILLES_CHAIR
    buildings.push({
      numBatiment: 1000 + i,
      numExploitation,
      numTiers: c.numTiers,
      libelle: 'Bâtiment 1',
      codeFiliere,
      silos: ['001', '002'],
    })
  })
  await insertAll(tx, exploitations, farms)
  await insertAll(
    tx,
    batiments,
    buildings.map(({ silos: _silos, ...b }) => b),
  )
  await insertAll(
    tx,
    batimentTypesSilo,
    buildings.flatMap((b) => b.silos.map((codeTypeSilo) => ({ numBatiment: b.numBatiment, codeTypeSilo }))),
  )
}
