// A command run as a batch job (batch-priority.test.ts): prints where its work runs, then exits
// with the code it is given, or waits to be stopped.
import { existsSync, readFileSync } from 'node:fs'
import { getPriority } from 'node:os'
import { fileURLToPath } from 'node:url'
import { runAsBatchJob } from '../../../src/server/cli/batch-priority'

await runAsBatchJob(fileURLToPath(import.meta.url), { normal: process.argv.includes('--normal') })
const stat = readFileSync('/proc/self/stat', 'utf8')
const session = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[3])
const group = existsSync('/proc/self/autogroup') ? readFileSync('/proc/self/autogroup', 'utf8').trim() : null
console.log(JSON.stringify({ pid: process.pid, session, nice: getPriority(), group, args: process.argv.slice(2) }))
const [mode, code] = process.argv.slice(2)
if (mode === 'exit') process.exit(Number(code))
else setInterval(() => {}, 60_000)
