// `npm run test:e2e`: the browser tests in E2E_SHARDS shards (default 2) run side by side, each a
// Playwright process of its own with its own Silo (the first on E2E_PORT, the others on free
// ports; a fresh embedded database each)
// and one worker: inside a shard the spec files keep their order on one server, as when they all
// ran on one; the shards share nothing. The spec files are dealt to the shards by their weight
// (shard-weights.ts: seconds in CI), heaviest first to the lightest shard, so the shards end
// together. Most of a browser test's time is spent waiting (the page,
// the server, timers), so two shards use the machine's two cores better than one. Spec files given
// on the command line run in one shard (unless E2E_SHARDS says otherwise).
import { spawn } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { freePort } from '../support/silo'
import { DEFAULT_WEIGHT, SHARD_WEIGHTS } from './shard-weights'

const args = process.argv.slice(2)
const shards = Number(process.env.E2E_SHARDS ?? (args.some((a) => !a.startsWith('-')) ? 1 : 2))
const basePort = Number(process.env.E2E_PORT ?? 8181)
const cli = 'node_modules/@playwright/test/cli.js'

/** The spec files of each shard: the heaviest file goes to the lightest shard so far. */
function deal(count: number): string[][] {
  const files = readdirSync('tests/e2e').filter((f) => f.endsWith('.spec.ts'))
  const weight = (f: string) => SHARD_WEIGHTS[f] ?? DEFAULT_WEIGHT
  const dealt = Array.from({ length: count }, () => ({ files: [] as string[], total: 0 }))
  for (const f of files.sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
    const lightest = dealt.reduce((min, d) => (d.total < min.total ? d : min))
    lightest.files.push(f)
    lightest.total += weight(f)
  }
  for (const [k, d] of dealt.entries())
    console.log(`=== e2e shard ${k + 1}/${count}: ${d.files.length} files, ~${d.total} s`)
  // In a shard, the files run in name order, as on one server before.
  return dealt.map((d) => d.files.sort().map((f) => `tests/e2e/${f}`))
}
const dealt = shards > 1 && !args.some((a) => !a.startsWith('-')) ? deal(shards) : null

function run(i: number, port: number): Promise<number> {
  const started = performance.now()
  const shardArgs = dealt ? dealt[i - 1]! : shards > 1 ? [`--shard=${i}/${shards}`] : []
  const env: NodeJS.ProcessEnv = { ...process.env, E2E_PORT: String(port) }
  if (shards > 1) {
    env.E2E_SHARD = String(i)
    if (process.env.E2E_DATA_DIR) env.E2E_DATA_DIR = `${process.env.E2E_DATA_DIR}-${i}`
  }
  const child = spawn(process.execPath, [cli, 'test', '-c', 'tests/e2e/playwright.config.ts', ...shardArgs, ...args], {
    env,
    stdio: ['ignore', shards > 1 ? 'pipe' : 'inherit', shards > 1 ? 'pipe' : 'inherit'],
  })
  // Each line says which shard wrote it.
  const prefix = (stream: NodeJS.ReadableStream | null, out: NodeJS.WriteStream) => {
    let rest = ''
    stream?.on('data', (d: Buffer) => {
      const lines = (rest + d.toString()).split('\n')
      rest = lines.pop() ?? ''
      for (const line of lines) out.write(`[${i}/${shards}] ${line}\n`)
    })
    stream?.on('end', () => rest && out.write(`[${i}/${shards}] ${rest}\n`))
  }
  prefix(child.stdout, process.stdout)
  prefix(child.stderr, process.stderr)
  return new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      const seconds = Math.round((performance.now() - started) / 1000)
      if (shards > 1) console.log(`=== e2e shard ${i}/${shards}: ${seconds} s (exit ${code ?? signal})`)
      resolve(code ?? 1)
    }),
  )
}

// The first shard on E2E_PORT, the others on ports free now (E2E_PORT + 1 may be someone else's).
const ports = [basePort, ...(await Promise.all(Array.from({ length: shards - 1 }, () => freePort())))]
const codes = await Promise.all(ports.map((port, k) => run(k + 1, port)))
process.exitCode = codes.find((c) => c !== 0) ?? 0
