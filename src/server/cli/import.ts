// `npm run import -- <dossier> [--verifier] [--changer-de-tiers] [--relire] [--complet <fichier>…]
// [--priorite-normale]`: the cooperative's CSV files into Silo's database (DATABASE_URL, or the
// embedded one of DATA_DIR: the running Silo's, or started for the time of the import). Checked
// first; applied whole or not at all. Run as a batch job, farmers' requests first
// (batch-priority.ts). See docs/import.md and src/server/import/run.ts.
import { fileURLToPath } from 'node:url'
import { loadConfig } from '../config'
import { openDatabase } from '../db/client'
import { currentHolder } from '../db/embedded/lock'
import { formatReport } from '../import/report'
import { runImport } from '../import/run'
import { runAsBatchJob } from './batch-priority'
import { withDatabase } from './database-target'

const USAGE =
  'Usage : npm run import -- <dossier> [--verifier] [--changer-de-tiers] [--relire] [--complet <fichier.csv>…] [--priorite-normale]'

function parseArgs(argv: string[]) {
  let folder: string | undefined
  let verifier = false
  let changerDeTiers = false
  let relire = false
  let prioriteNormale = false
  const complet: string[] = []
  let inComplet = false
  for (const arg of argv) {
    if (arg === '--verifier') {
      verifier = true
      inComplet = false
    } else if (arg === '--changer-de-tiers') {
      changerDeTiers = true
      inComplet = false
    } else if (arg === '--relire') {
      relire = true
      inComplet = false
    } else if (arg === '--priorite-normale') {
      prioriteNormale = true
      inComplet = false
    } else if (arg === '--complet') inComplet = true
    else if (arg.startsWith('--complet=')) complet.push(...arg.slice('--complet='.length).split(','))
    else if (arg.startsWith('--')) throw new Error(`option inconnue : ${arg}`)
    else if (inComplet) complet.push(arg)
    else if (!folder) folder = arg
    else throw new Error(`argument en trop : ${arg}`)
  }
  if (!folder) throw new Error('dossier manquant')
  const files = complet.map((c) => c.replace(/^.*\//, ''))
  return { folder, verifier, changerDeTiers, relire, prioriteNormale, complet: files }
}

let args: ReturnType<typeof parseArgs>
try {
  args = parseArgs(process.argv.slice(2))
} catch (err) {
  console.error(`${(err as Error).message}\n${USAGE}`)
  process.exit(2)
}

const { prioriteNormale, ...options } = args
await runAsBatchJob(fileURLToPath(import.meta.url), { normal: prioriteNormale })
const config = loadConfig()
// Beside a running Silo (its embedded cluster) or alone (the cluster started for the import).
const use = config.databaseUrl || currentHolder(config.dataDir) ? 'read' : 'write'
try {
  const result = await withDatabase(config, use, async (url) => {
    // The schema at Silo's level first (a fresh DATA_DIR, or a Silo not started since an upgrade).
    const opened = await openDatabase({ databaseUrl: url })
    await opened.close()
    return runImport({ databaseUrl: url, ...options, log: (line) => console.log(line) })
  })
  for (const line of formatReport(result)) console.log(line)
  process.exitCode = result.status === 'refuse' ? 1 : 0
} catch (err) {
  console.error(`Import refusé : ${(err as Error).message}`)
  process.exitCode = 1
}
