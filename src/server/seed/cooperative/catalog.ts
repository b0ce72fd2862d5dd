// The synthetic cooperative's articles: feeds for cattle, pigs and poultry, minerals and
// supplementations, in the proportions of a real catalogue; derived from the options alone.
import type { CooperativeOptions, Species } from './options'
import { rngFor } from './options'

interface SynthArticle {
  numArticle: string
  libelle: string
  codeTypeArticle: 'A' | 'M' | 'S'
  codeSousTypeArticle: string
  typeAliment: string | null
  codeDepartement: string
  codeFamille: string
  codeCategorie: string
  codePresentation: 'VRAC' | 'SAC'
  codeFiliere: string | null
  commandableParDefaut: boolean
  species: Species | null
}

const FEEDS: Record<Species, { dep: string; filieres: string[]; noms: string[] }> = {
  bovins: {
    dep: '41',
    filieres: ['10', '11'],
    noms: ['VL Production', 'Correcteur azoté', 'Génisses', 'Taurillons', 'Veaux'],
  },
  porcs: {
    dep: '42',
    filieres: ['20'],
    noms: ['Porc croissance', 'Porc finition', 'Truies gestantes', 'Porcelets 1er âge'],
  },
  volailles: {
    dep: '45',
    filieres: ['60', '67'],
    noms: ['Poulet démarrage', 'Poulet croissance', 'Dinde', 'Pondeuses'],
  },
}

export interface Catalog {
  all: SynthArticle[]
  bySpecies: Record<Species, string[]>
  minerals: string[]
  supplements: SynthArticle[]
}

export function catalog(o: CooperativeOptions): Catalog {
  const rng = rngFor(o, 1)
  const all: SynthArticle[] = []
  const bySpecies: Record<Species, string[]> = { bovins: [], porcs: [], volailles: [] }
  const minerals: string[] = []
  const supplements: SynthArticle[] = []
  const counts = { bovins: 0.45, porcs: 0.3, volailles: 0.15 }
  let seq = 0
  for (const species of ['bovins', 'porcs', 'volailles'] as const) {
    const f = FEEDS[species]
    const n = Math.max(5, Math.round(o.articles * counts[species]))
    for (let i = 0; i < n; i++) {
      const poultry461 = species === 'volailles' && i % 7 === 6
      const dep = poultry461 ? '46' : f.dep
      const vrac = rng.chance(0.8)
      const a: SynthArticle = {
        numArticle: `${dep}${String(++seq).padStart(4, '0')}`,
        libelle: `${rng.pick(f.noms)} ${rng.int(14, 40)} % ${vrac ? 'vrac' : '(sac 25 kg)'} n°${seq}`,
        codeTypeArticle: 'A',
        codeSousTypeArticle: 'AL',
        typeAliment: rng.pick(['Complet', 'Complémentaire', 'Correcteur']),
        codeDepartement: species === 'volailles' ? '45' : f.dep,
        codeFamille: poultry461 ? '46110' : `${f.dep}0${rng.int(1, 4)}0`,
        codeCategorie: `${f.dep}000`,
        codePresentation: vrac ? 'VRAC' : 'SAC',
        codeFiliere: rng.pick(f.filieres),
        commandableParDefaut: rng.chance(0.95),
        species,
      }
      all.push(a)
      bySpecies[species].push(a.numArticle)
    }
  }
  const rest = Math.max(4, o.articles - all.length)
  for (let i = 0; i < rest; i++) {
    const mineral = i < rest * 0.6
    const sousType = mineral ? 'MI' : i % 2 ? 'SU' : 'AA'
    const a: SynthArticle = {
      numArticle: `${mineral ? '47' : '48'}${String(++seq).padStart(4, '0')}`,
      libelle: mineral
        ? `Minéral ${rng.int(5, 25)}-${rng.int(5, 25)} n°${seq}`
        : `Supplémentation ${sousType} n°${seq}`,
      codeTypeArticle: mineral ? 'M' : 'S',
      codeSousTypeArticle: sousType,
      typeAliment: null,
      codeDepartement: mineral ? '47' : '48',
      codeFamille: mineral ? '47010' : '48010',
      codeCategorie: mineral ? (i % 5 === 0 ? '47010' : '47000') : '48000',
      codePresentation: mineral && i % 3 ? 'SAC' : 'VRAC',
      codeFiliere: null,
      commandableParDefaut: true,
      species: null,
    }
    all.push(a)
    if (mineral) minerals.push(a.numArticle)
    else supplements.push(a)
  }
  return { all, bySpecies, minerals, supplements }
}

/** `count` distinct items of `pool`, from a start and a stride chosen by `pick`. */
export function distinctPicks<T>(pool: readonly T[], count: number, next: () => number): T[] {
  const n = Math.min(count, pool.length)
  if (n === 0) return []
  const start = Math.floor(next() * pool.length)
  // A stride coprime with the pool's size visits every item once.
  let stride = 1 + Math.floor(next() * (pool.length - 1))
  while (gcd(stride, pool.length) !== 1) stride++
  return Array.from({ length: n }, (_, k) => pool[(start + k * stride) % pool.length]!)
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b))
