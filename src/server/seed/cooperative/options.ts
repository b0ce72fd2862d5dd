// The synthetic cooperative's size and seed (issue 40), and what every file needs to know of a
// member: derived from the seed and the member's index alone, so that each file is written
// without the others in memory and the same options always give the same files.
import { createRng } from '../rng'

export interface CooperativeOptions {
  /** The PRNG's seed: the same seed and sizes give the same files, byte for byte. */
  graine: number
  membres: number
  articles: number
  /** Orderable-article rows per member. */
  autorisesParMembre: number
  /** Years of delivery history, ending the day before `aujourdhui`. */
  annees: number
  /** Delivery lines per member over the history (≈ 150: 3,000,000 for 20,000 members). */
  lignesLivraisonParMembre: number
  commandes: number
  /** Members with poultry lots and feeding plans. */
  volaillers: number
  /** 'yyyy-MM-dd': the history ends the day before. */
  aujourdhui: string
}

export const DEFAULTS: CooperativeOptions = {
  graine: 40,
  membres: 20_000,
  articles: 1_500,
  autorisesParMembre: 50,
  annees: 3,
  lignesLivraisonParMembre: 150,
  commandes: 100_000,
  volaillers: 3_000,
  aujourdhui: '2026-11-23',
}

/** Options for `membres` members, every other size scaled from the full cooperative's. */
export function scaled(membres: number, more: Partial<CooperativeOptions> = {}): CooperativeOptions {
  const f = membres / DEFAULTS.membres
  return {
    ...DEFAULTS,
    membres,
    articles: Math.max(60, Math.round(DEFAULTS.articles * Math.min(1, f * 4))),
    autorisesParMembre: Math.min(DEFAULTS.autorisesParMembre, 20 + Math.round(30 * Math.min(1, f * 10))),
    commandes: Math.max(1, Math.round(DEFAULTS.commandes * f)),
    volaillers: Math.max(1, Math.round(DEFAULTS.volaillers * f)),
    ...more,
  }
}

export type Species = 'bovins' | 'porcs' | 'volailles'

export interface Member {
  index: number
  numTiers: string
  species: Species
  adresses: number
  /** First exploitation number (one exploitation per member) and its buildings' numbers. */
  numExploitation: number
  batiments: number[]
}

const numTiersOf = (i: number) => String(200_000 + i)

/** The members, volaillers first (they have lots), each from its own PRNG. */
export function members(o: CooperativeOptions): Member[] {
  const out: Member[] = []
  for (let i = 0; i < o.membres; i++) {
    const rng = createRng(o.graine * 1_000_003 + i)
    const species: Species = i < o.volaillers ? 'volailles' : rng.chance(0.55) ? 'bovins' : 'porcs'
    const adresses = rng.chance(0.5) ? 1 : rng.chance(0.8) ? 2 : 3
    const nBat = species === 'volailles' ? rng.int(2, 4) : rng.int(1, 2)
    out.push({
      index: i,
      numTiers: numTiersOf(i),
      species,
      adresses,
      numExploitation: i + 1,
      batiments: Array.from({ length: nBat }, (_, k) => (i + 1) * 10 + k),
    })
  }
  return out
}

/** One PRNG per file (and per purpose), so that changing one file's rows leaves the others as they were. */
export const rngFor = (o: CooperativeOptions, purpose: number) => createRng(o.graine * 7_919 + purpose * 104_729)
