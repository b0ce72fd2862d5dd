// Poultry lots of 100002 with feeding plans and tranches. Ordered quantities come from order
// lines (orders.ts), chosen so that one tranche is complete (≥ 80 %), the next recommended.
import { lots, plansAlimentation, trancheArticles, tranches } from '../db/schema'
import type { Tx } from './batch'
import { DEMO } from './demo'
import { FILIERE } from './reference'
import { addDays } from './rng'

type TrancheDef = { ageMini: number; ageMaxi: number; quantite: number; articles: string[] }
type PlanDef = { libelle: string; principal: boolean; debut: number; fin: number; tranches: TrancheDef[] }
type LotDef = {
  numLot: string
  numExploitation: number
  numBatiment: number
  mep: number
  nbAnimaux: number
  codeFiliere: string
  plans: PlanDef[]
}

const CHAIR_STANDARD: TrancheDef[] = [
  { ageMini: 0, ageMaxi: 10, quantite: 0.3, articles: ['450101'] },
  { ageMini: 11, ageMaxi: 24, quantite: 1.2, articles: ['450102'] },
  { ageMini: 25, ageMaxi: 35, quantite: 1.5, articles: ['450103'] },
  { ageMini: 36, ageMaxi: 42, quantite: 0.9, articles: ['450104'] },
]

/** Days are relative to today: mep -20 means placed 20 days ago. */
const LOTS: LotDef[] = [
  {
    numLot: DEMO.lots.chairDeuxPlans,
    numExploitation: 3,
    numBatiment: 31,
    mep: -20,
    nbAnimaux: 22000,
    codeFiliere: FILIERE.VOLAILLES_CHAIR,
    plans: [
      { libelle: 'Plan standard poulet 42 jours', principal: true, debut: -20, fin: 22, tranches: CHAIR_STANDARD },
      {
        libelle: 'Plan croissance lente',
        principal: false,
        debut: -20,
        fin: 36,
        tranches: [
          { ageMini: 0, ageMaxi: 14, quantite: 0.5, articles: ['461101'] },
          { ageMini: 15, ageMaxi: 56, quantite: 3.2, articles: ['450102', '450103'] },
        ],
      },
    ],
  },
  {
    numLot: DEMO.lots.pondeuses,
    numExploitation: 4,
    numBatiment: 41,
    mep: -70,
    nbAnimaux: 18000,
    codeFiliere: FILIERE.VOLAILLES_PONTE,
    plans: [
      {
        libelle: 'Plan poulettes et entrée en ponte',
        principal: true,
        debut: -70,
        fin: 70,
        tranches: [
          { ageMini: 0, ageMaxi: 28, quantite: 0.45, articles: ['450201'] },
          { ageMini: 29, ageMaxi: 70, quantite: 1.8, articles: ['450202'] },
          { ageMini: 71, ageMaxi: 120, quantite: 2.6, articles: ['450203'] },
          { ageMini: 121, ageMaxi: 140, quantite: 1.2, articles: ['450204'] },
        ],
      },
    ],
  },
  {
    numLot: DEMO.lots.chairAVenir,
    numExploitation: 3,
    numBatiment: 32,
    mep: 10,
    nbAnimaux: 20000,
    codeFiliere: FILIERE.VOLAILLES_CHAIR,
    plans: [
      { libelle: 'Plan standard poulet 42 jours', principal: true, debut: 10, fin: 52, tranches: CHAIR_STANDARD },
    ],
  },
  {
    numLot: DEMO.lots.chairTermine,
    numExploitation: 3,
    numBatiment: 32,
    mep: -120,
    nbAnimaux: 21000,
    codeFiliere: FILIERE.VOLAILLES_CHAIR,
    plans: [
      { libelle: 'Plan standard poulet 42 jours', principal: true, debut: -120, fin: -78, tranches: CHAIR_STANDARD },
    ],
  },
  // The feed forecasts' states (issue 18): a lot whose every tranche is ordered, ending in
  // Poulailler 3 at day 42 (today+4), then the next lot placed there at today+6 whose plan has
  // started (the chicks' feed is ordered before they arrive): its first tranche is due this week.
  {
    numLot: DEMO.lots.chairCouvert,
    numExploitation: 3,
    numBatiment: 33,
    mep: -38,
    nbAnimaux: 12000,
    codeFiliere: FILIERE.VOLAILLES_CHAIR,
    plans: [
      { libelle: 'Plan standard poulet 42 jours', principal: true, debut: -38, fin: 4, tranches: CHAIR_STANDARD },
    ],
  },
  {
    numLot: DEMO.lots.chairACommander,
    numExploitation: 3,
    numBatiment: 33,
    mep: 6,
    nbAnimaux: 20000,
    codeFiliere: FILIERE.VOLAILLES_CHAIR,
    plans: [
      { libelle: 'Plan standard poulet 42 jours', principal: true, debut: -1, fin: 48, tranches: CHAIR_STANDARD },
    ],
  },
]

export async function seedLots(tx: Tx, today: string) {
  await tx.insert(lots).values(
    LOTS.map((l) => ({
      numLot: l.numLot,
      numTiers: DEMO.volailles,
      numExploitation: l.numExploitation,
      numBatiment: l.numBatiment,
      dateMep: addDays(today, l.mep),
      nbAnimaux: l.nbAnimaux,
      codeFiliere: l.codeFiliere,
    })),
  )
  // Plans and tranches are few: inserted one by one to get their serial ids back.
  for (const lot of LOTS) {
    for (const plan of lot.plans) {
      const [row] = await tx
        .insert(plansAlimentation)
        .values({
          numLot: lot.numLot,
          libelle: plan.libelle,
          principal: plan.principal,
          dateDebut: addDays(today, plan.debut),
          dateFin: addDays(today, plan.fin),
        })
        .returning({ id: plansAlimentation.id })
      const inserted = await tx
        .insert(tranches)
        .values(
          plan.tranches.map((t, i) => ({
            planId: row!.id,
            ordre: i + 1,
            ageMini: t.ageMini,
            ageMaxi: t.ageMaxi,
            quantite: t.quantite,
          })),
        )
        .returning({ id: tranches.id, ordre: tranches.ordre })
      await tx
        .insert(trancheArticles)
        .values(
          inserted.flatMap((t) =>
            plan.tranches[t.ordre - 1]!.articles.map((numArticle) => ({ trancheId: t.id, numArticle })),
          ),
        )
    }
  }
}
