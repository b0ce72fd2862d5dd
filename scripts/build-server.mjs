// Compiles the server (src/server, with the domain and the contract it imports) into dist-server/:
// one self-contained ES module per entry, node_modules left as imports, the drizzle migrations
// copied beside them (client.ts finds them from its own location). Plain JavaScript, so that it
// runs before anything is compiled; `npm run build` runs it after vite build.
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const ENTRIES = [
  'start',
  'main',
  'backup',
  'restore',
  'import-pglite',
  'import',
  'secrets',
  'api-key',
  'personnel',
  'invitations',
]
const SOURCE = {
  start: 'cli/start',
  main: 'main',
  backup: 'cli/backup',
  restore: 'cli/restore',
  'import-pglite': 'cli/import-pglite',
  import: 'cli/import',
  secrets: 'cli/secrets',
  'api-key': 'cli/api-key',
  personnel: 'cli/personnel',
  invitations: 'cli/invitations',
}
/** What the compiled server is made from. */
const SOURCES = ['src/server', 'src/domain', 'src/contract', 'package.json', 'scripts/build-server.mjs']

function newest(path) {
  if (!existsSync(path)) return 0
  const st = statSync(path)
  if (!st.isDirectory()) return st.mtimeMs
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))))
}

/** 'none' (never compiled), 'older' (sources changed since) or 'current'. */
export function serverBuildState(root) {
  const out = join(root, 'dist-server')
  const built = ENTRIES.map((e) => join(out, `${e}.js`))
  if (!built.every((f) => existsSync(f))) return 'none'
  const compiled = Math.min(...built.map((f) => statSync(f).mtimeMs))
  return Math.max(...SOURCES.map((s) => newest(join(root, s)))) > compiled ? 'older' : 'current'
}

export async function buildServer(root) {
  const out = join(root, 'dist-server')
  const { buildSync } = await import('esbuild')
  const result = buildSync({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(ENTRIES.map((e) => [e, `src/server/${SOURCE[e]}.ts`])),
    outdir: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
    write: false,
  })
  // Written aside, then renamed: an instance starting meanwhile reads the old file or the new one.
  for (const file of result.outputFiles) {
    mkdirSync(dirname(file.path), { recursive: true })
    const aside = `${file.path}.${process.pid}.tmp`
    writeFileSync(aside, file.contents)
    renameSync(aside, file.path)
  }
  cpSync(join(root, 'src/server/db/migrations'), join(out, 'migrations'), { recursive: true })
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const started = performance.now()
  await buildServer(fileURLToPath(new URL('..', import.meta.url)))
  console.log(`dist-server/ compilé en ${Math.round(performance.now() - started)} ms`)
}
