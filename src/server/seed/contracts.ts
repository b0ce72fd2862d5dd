// Contracts: 100001 has one ending within a month with quantity left, one current, one future,
// an EA (apport) one and an ended one; 100002 has one for its meat-chicken lot.
import { contrats } from '../db/schema'
import { insertAll, type Tx } from './batch'
import { DEMO } from './demo'
import { addDays } from './rng'

export async function seedContracts(tx: Tx, today: string) {
  const d = (n: number) => addDays(today, n)
  await insertAll(tx, contrats, [
    {
      numContrat: DEMO.contrats.finProche,
      numTiers: DEMO.eleveur,
      codeTContrat: 'TF',
      numFormule: 'F18',
      libelleTypecontrat: 'Contrat à terme fixe',
      numArticle: '410101',
      dateDebut: d(-150),
      dateFin: d(18),
      qteContrat: 120,
      qteRestante: 35.5,
    },
    {
      numContrat: DEMO.contrats.enCours,
      numTiers: DEMO.eleveur,
      codeTContrat: 'PR',
      numFormule: 'PF2',
      libelleTypecontrat: 'Contrat prix révisable',
      numArticle: '420105',
      dateDebut: d(-60),
      dateFin: d(200),
      qteContrat: 300,
      qteRestante: 180,
      numBatiment: 12,
    },
    {
      numContrat: DEMO.contrats.futur,
      numTiers: DEMO.eleveur,
      codeTContrat: 'TF',
      numFormule: 'PC2',
      libelleTypecontrat: 'Contrat à terme fixe',
      numArticle: '420104',
      dateDebut: d(20),
      dateFin: d(385),
      qteContrat: 250,
      qteRestante: 250,
      numBatiment: 12,
    },
    {
      numContrat: 'CT2026-0388',
      numTiers: DEMO.eleveur,
      codeTContrat: 'EA',
      numFormule: null,
      libelleTypecontrat: 'Contrat apport céréales',
      numArticle: '410104',
      dateDebut: d(-300),
      dateFin: d(65),
      qteContrat: 80,
      qteRestante: 12,
    },
    {
      numContrat: 'CT2025-0977',
      numTiers: DEMO.eleveur,
      codeTContrat: 'TF',
      numFormule: 'F18',
      libelleTypecontrat: 'Contrat à terme fixe',
      numArticle: '410101',
      dateDebut: d(-400),
      dateFin: d(-151),
      qteContrat: 100,
      qteRestante: 0,
    },
    {
      numContrat: 'CT2026-0530',
      numTiers: DEMO.volailles,
      codeTContrat: 'TF',
      numFormule: 'VC1',
      libelleTypecontrat: 'Contrat à terme fixe',
      numArticle: '450102',
      dateDebut: d(-30),
      dateFin: d(60),
      qteContrat: 60,
      qteRestante: 42,
      numLot: DEMO.lots.chairDeuxPlans,
      numBatiment: 31,
    },
  ])
}
