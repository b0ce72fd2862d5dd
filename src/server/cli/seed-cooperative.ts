// `npm run seed:cooperative -- <dossier> [--graine N] [--membres N] [--articles N] [--commandes N]
// [--volaillers N] [--annees N] [--aujourdhui aaaa-mm-jj] [--delta]`: writes the CSV files of a
// synthetic cooperative (src/server/seed/cooperative), the same files for the same options.
// Sizes not given follow --membres (defaults: the full cooperative of 20,000 members).
// --delta writes only one day's deliveries (about 20,000 rows) for the cooperative of these options.
import { resolve } from 'node:path'
import { DEFAULTS, scaled, writeCooperative, writeDayDelta, type CooperativeOptions } from '../seed/cooperative'

const USAGE =
  'Usage : npm run seed:cooperative -- <dossier> [--graine N] [--membres N] [--articles N] [--commandes N] [--volaillers N] [--annees N] [--aujourdhui aaaa-mm-jj] [--delta]'

const NUMBERS = ['graine', 'membres', 'articles', 'commandes', 'volaillers', 'annees', 'autorisesParMembre'] as const

function parse(argv: string[]) {
  let folder: string | undefined
  let delta = false
  const given: Partial<CooperativeOptions> = {}
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg === '--delta') delta = true
    else if (arg.startsWith('--')) {
      const name = arg.slice(2)
      const value = argv[++i]
      if (value === undefined) throw new Error(`${arg} : valeur manquante`)
      if (name === 'aujourdhui') {
        if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) throw new Error('--aujourdhui : aaaa-mm-jj attendu')
        given.aujourdhui = value
      } else if ((NUMBERS as readonly string[]).includes(name)) {
        const n = Number(value)
        if (!Number.isInteger(n) || n < 0) throw new Error(`${arg} : nombre entier attendu`)
        given[name as (typeof NUMBERS)[number]] = n
      } else throw new Error(`option inconnue : ${arg}`)
    } else if (!folder) folder = arg
    else throw new Error(`argument en trop : ${arg}`)
  }
  if (!folder) throw new Error('dossier manquant')
  return { folder: resolve(folder), delta, options: scaled(given.membres ?? DEFAULTS.membres, given) }
}

try {
  const { folder, delta, options } = parse(process.argv.slice(2))
  const started = performance.now()
  const rows = delta ? await writeDayDelta(folder, options) : await writeCooperative(folder, options)
  const s = (performance.now() - started) / 1000
  console.log(
    `${rows} lignes écrites dans ${folder} en ${s.toFixed(1)} s (graine ${options.graine}, ${options.membres} membres)`,
  )
} catch (err) {
  console.error(`${(err as Error).message}\n${USAGE}`)
  process.exitCode = 2
}
