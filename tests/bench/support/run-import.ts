// The import in a process of its own, as `npm run import` runs it (bench:import, issue 49): the
// bench's own event loop, which places the orders and times their answers, is not the one that
// parses and checks the files. Prints the ImportResult as JSON on its last line.
// It runs as `npm run import` does, as a batch job (src/server/cli/batch-priority.ts: a session of
// its own at the lowest CPU priority).
// IMPORT_NICE=n instead: the import's process and its PostgreSQL backend at that CPU priority (where the
// system lets this process change the backend's), to see what the orders' p99 owes to the CPU;
// with IMPORT_NICE_SCOPE=process, this process only (the backends keep their priority).
import { setPriority } from 'node:os'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { runAsBatchJob } from '../../../src/server/cli/batch-priority'
import { runImport } from '../../../src/server/import/run'
import { followBackend } from './cpu'

const [databaseUrl, folder, mode] = process.argv.slice(2)
const nice = process.env.IMPORT_NICE ? Number(process.env.IMPORT_NICE) : null
await runAsBatchJob(fileURLToPath(import.meta.url), { normal: nice !== null })
let stop = false
async function reniceBackend(level: number) {
  const c = new pg.Client({ connectionString: databaseUrl })
  await c.connect()
  try {
    while (!stop) {
      const { rows } = await c.query<{ pid: number }>(
        "select pid from pg_stat_activity where application_name = 'silo-import' and datname = current_database()",
      )
      // Both of its sessions, once the second (the one that copies) is open.
      if (rows.length >= 2) {
        for (const { pid } of rows) {
          try {
            setPriority(pid, level)
          } catch (err) {
            console.error(`backend ${pid}: ${(err as Error).message}`)
          }
        }
        return
      }
      await new Promise((r) => setTimeout(r, 50))
    }
  } finally {
    await c.end()
  }
}
if (nice !== null) setPriority(nice)
const reniced = nice !== null && process.env.IMPORT_NICE_SCOPE !== 'process' ? reniceBackend(nice) : null
const started = performance.now()
// Its steps on stderr with their second since the start: the bench lines its slowest orders up with them.
const log = process.env.IMPORT_LOG
  ? (line: string) => console.error(`  [import ${((performance.now() - started) / 1000).toFixed(1)} s] ${line}`)
  : undefined
const backend = followBackend(databaseUrl!, 'silo-import')
const result = await runImport({ databaseUrl: databaseUrl!, folder: folder!, log, relire: mode === '--relire' })
stop = true
await reniced
const { user, system } = process.cpuUsage()
// CPU seconds: this process (parse, checks, COPY text), and the import's PostgreSQL backends.
const cpu = { node: (user + system) / 1e6, backend: await backend() }
console.log(JSON.stringify({ ...result, cpu }))
