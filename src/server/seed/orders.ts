// Past and current orders of 100001 in every step (one with mixed steps), and the orders of
// 100002 that give its lots their ordered quantities (SUPPRIMEE ones do not count).
import {
  commandeCommentaires,
  commandeEtapes,
  commandeLigneMineraux,
  commandeLignes,
  commandeLigneSupplementations,
  commandes,
  type Etape,
} from '../db/schema'
import { appendToFeed } from '../services/order-feed'
import { article } from './article-catalog'
import type { Tx } from './batch'
import { DEMO } from './demo'
import { addDays, instantOn, nextBusinessDay, pad } from './rng'

type LineDef = {
  numArticle: string
  qte: number
  etape: Etape
  adr?: number
  lot?: string
  bat?: number
  expl?: number
  mode?: string
  supps?: string[]
  mineraux?: Array<[string, number]>
  contrat?: string
}
type OrderDef = {
  numTiers: string
  day: number
  lines: LineDef[]
  comments?: { libre: string; predefinis: Record<string, boolean> }
}

const E = (etape: Etape, numArticle: string, qte: number, more: Partial<LineDef> = {}): LineDef => ({
  etape,
  numArticle,
  qte,
  ...more,
})
const V = { lot: DEMO.lots.chairDeuxPlans, bat: 31, expl: 3, adr: 1 }
const O = { lot: DEMO.lots.pondeuses, bat: 41, expl: 4, adr: 2 }
const C = { lot: DEMO.lots.chairCouvert, bat: 33, expl: 3, adr: 1 }

const ORDERS: OrderDef[] = [
  {
    numTiers: DEMO.eleveur,
    day: -330,
    lines: [E('FACTUREE', '410101', 12, { adr: 1 }), E('FACTUREE', '420105', 20, { adr: 2 })],
  },
  { numTiers: DEMO.eleveur, day: -250, lines: [E('FACTUREE', '410104', 8, { adr: 1 })] },
  { numTiers: DEMO.eleveur, day: -180, lines: [E('SUPPRIMEE', '420103', 10, { adr: 2 })] },
  {
    numTiers: DEMO.eleveur,
    day: -120,
    lines: [
      E('FACTUREE', '410101', 15, { adr: 1, supps: ['480101'], mineraux: [['470102', 3]] }),
      E('FACTUREE', '470101', 1.5, { adr: 1 }),
    ],
  },
  { numTiers: DEMO.eleveur, day: -60, lines: [E('ERREUR', '410102', 10, { adr: 1 })] },
  { numTiers: DEMO.eleveur, day: -30, lines: [E('FACTUREE', '420104', 26, { adr: 2, mode: 'BENNE' })] },
  {
    numTiers: DEMO.eleveur,
    day: -14,
    lines: [E('LIVREE', '410101', 14, { adr: 3, contrat: DEMO.contrats.finProche })],
  },
  { numTiers: DEMO.eleveur, day: -9, lines: [E('LIVREE', '420105', 18, { adr: 2, contrat: DEMO.contrats.enCours })] },
  { numTiers: DEMO.eleveur, day: -6, lines: [E('LOGISTIQUE', '420104', 16, { adr: 2, mode: 'VISP' })] },
  { numTiers: DEMO.eleveur, day: -5, lines: [E('PREPAREE', '410104', 6, { adr: 1 })] },
  {
    numTiers: DEMO.eleveur,
    day: -3,
    lines: [
      E('VALORISEE', '410101', 12, {
        adr: 1,
        supps: ['480101', '480102'],
        mineraux: [
          ['470102', 2.5],
          ['470109', 1],
        ],
      }),
    ],
    comments: {
      libre: 'Portail code 1234',
      predefinis: { 'Prévenir avant livraison': true, 'Accès difficile pour un grand camion': false },
    },
  },
  { numTiers: DEMO.eleveur, day: -1, lines: [E('ENREGISTREE', '420103', 8, { adr: 2, supps: ['481101'] })] },
  {
    numTiers: DEMO.eleveur,
    day: -2,
    lines: [
      E('ENREGISTREE', '410101', 10, { adr: 1 }),
      E('LOGISTIQUE', '420105', 15, { adr: 2 }),
      E('LIVREE', '470101', 1, { adr: 2 }),
    ],
  },
  {
    numTiers: DEMO.volailles,
    day: -100,
    lines: [
      E('FACTUREE', '450101', 6, { lot: DEMO.lots.chairTermine, bat: 32, expl: 3, adr: 1 }),
      E('FACTUREE', '450102', 24, { lot: DEMO.lots.chairTermine, bat: 32, expl: 3, adr: 1 }),
    ],
  },
  { numTiers: DEMO.volailles, day: -65, lines: [E('FACTUREE', '450201', 8, O)] },
  { numTiers: DEMO.volailles, day: -40, lines: [E('FACTUREE', '450202', 15, O)] },
  { numTiers: DEMO.volailles, day: -25, lines: [E('LIVREE', '450202', 12, O)] },
  { numTiers: DEMO.volailles, day: -19, lines: [E('LIVREE', '450101', 6, V)] },
  { numTiers: DEMO.volailles, day: -10, lines: [E('SUPPRIMEE', '450102', 20, V)] },
  {
    numTiers: DEMO.volailles,
    day: -4,
    lines: [E('VALORISEE', '450203', 10, O), E('VALORISEE', '450102', 5, { ...V, contrat: 'CT2026-0530' })],
  },
  // VL10229 (12 000 chickens): every tranche of its plan ordered, nothing left to order.
  { numTiers: DEMO.volailles, day: -40, lines: [E('FACTUREE', '450101', 4, C), E('FACTUREE', '450102', 14.5, C)] },
  { numTiers: DEMO.volailles, day: -12, lines: [E('LIVREE', '450103', 18, C), E('LIVREE', '450104', 11, C)] },
]

/** The steps a line went through to reach `etape`. */
function path(etape: Etape): Etape[] {
  if (etape === 'SUPPRIMEE' || etape === 'ERREUR') return ['ENREGISTREE', etape]
  const flow: Etape[] = ['ENREGISTREE', 'VALORISEE', 'PREPAREE', 'LOGISTIQUE', 'LIVREE', 'FACTUREE']
  return flow.slice(0, flow.indexOf(etape) + 1)
}

export async function seedOrders(tx: Tx, today: string) {
  const domiciliation: Record<string, number> = { [DEMO.eleveur]: 1000, [DEMO.volailles]: 1002 }
  for (const [i, o] of ORDERS.entries()) {
    const orderDay = addDays(today, o.day)
    const date = instantOn(orderDay, 8, 15 + i)
    const [cmd] = await tx
      .insert(commandes)
      .values({
        numero: String(700001 + i),
        numTiers: o.numTiers,
        date,
        username: o.numTiers,
        commentaire: o.comments
          ? [
              ...Object.entries(o.comments.predefinis)
                .filter(([, v]) => v)
                .map(([k]) => k),
              o.comments.libre,
            ].join(', ')
          : null,
      })
      .returning({ id: commandes.id })
    const commandeId = cmd!.id
    if (o.comments) await tx.insert(commandeCommentaires).values({ commandeId, ...o.comments })
    const start = nextBusinessDay(addDays(orderDay, 2))
    const lignes = await tx
      .insert(commandeLignes)
      .values(
        o.lines.map((l, n) => {
          const a = article(l.numArticle)
          return {
            commandeId,
            idLigne: pad(n + 1, 3),
            etape: l.etape,
            numArticle: l.numArticle,
            libelleArticle: a.libelle,
            codeTypeArticle: a.codeTypeArticle,
            quantiteCommande: l.qte,
            numAdresse: l.adr ?? 1,
            datePrevueLivraison: start,
            finDatePrevueLivraison: nextBusinessDay(addDays(start, 2)),
            matinApmidi: n === 0 ? 'ID' : 'JS',
            finMatinApmidi: n === 0 ? 'ID' : 'JJ',
            codeModeCamion: l.mode ?? 'VIS',
            codeTypeSilo1: l.lot ? '001' : a.codePresentation === 'SAC' ? '040' : '002',
            numContrat: l.contrat ?? null,
            numLot: l.lot ?? null,
            numBatiment: l.bat ?? null,
            numExploitation: l.expl ?? null,
            codeReglement: 'PRE30',
            numDomiciliationBancaire: domiciliation[o.numTiers] ?? null,
          }
        }),
      )
      .returning({ id: commandeLignes.id })
    const supps = o.lines.flatMap((l, n) =>
      (l.supps ?? []).map((numArticle) => ({ ligneId: lignes[n]!.id, numArticle })),
    )
    const mins = o.lines.flatMap((l, n) =>
      (l.mineraux ?? []).map(([numArticle, q]) => ({ ligneId: lignes[n]!.id, numArticle, quantiteCommande: q })),
    )
    if (supps.length) await tx.insert(commandeLigneSupplementations).values(supps)
    if (mins.length) await tx.insert(commandeLigneMineraux).values(mins)
    await tx.insert(commandeEtapes).values(
      o.lines.flatMap((l, n) =>
        path(l.etape).map((etape, k) => ({
          ligneId: lignes[n]!.id,
          etape,
          at: instantOn(addDays(orderDay, Math.min(k * 2, -o.day)), 8 + k, 15 + i),
        })),
      ),
    )
    // In the ERP's feed, as every order is (services/order-feed.ts).
    await appendToFeed(tx, commandeId, null, date)
  }
}
