// Runs a compiled server entry with plain `node` (no tsx in production): `node scripts/server.mjs
// start|main|backup|restore|import-pglite|import|secrets|api-key|personnel [args…]`. The server is compiled into dist-server/ by
// esbuild (npm run build does it too); here it is compiled first when it is missing or older than
// its sources, so a fresh clone's `npm install && npm start` works. Compiling is safe beside a
// running instance: each file is written aside then renamed over the old one (a running process
// has already loaded its single bundle), and nothing is deleted.
import { existsSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { spawnSync } from 'node:child_process'
import { ENTRIES, serverBuildState } from './build-server.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const entry = process.argv[2]
if (!entry || !ENTRIES.includes(entry)) {
  console.error(`Usage : node scripts/server.mjs ${ENTRIES.join('|')} [arguments…]`)
  process.exit(2)
}
const state = serverBuildState(root)
if (state !== 'current') {
  console.log(
    state === 'none'
      ? 'Aucune construction du serveur : compilation (esbuild)…'
      : 'Le serveur compilé est plus ancien que ses sources : compilation (esbuild)…',
  )
  // In a process of its own: esbuild's helper process ends with it, none stays beside the server.
  const built = spawnSync(process.execPath, [`${root}/scripts/build-server.mjs`], { stdio: 'inherit' })
  if (built.status !== 0) process.exit(built.status ?? 1)
}
// The entry reads its own arguments from process.argv[2…] (backup FILE, restore FILE…).
process.argv.splice(2, 1)
const file = `${root}/dist-server/${entry}.js`
if (!existsSync(file)) throw new Error(`${file} manque après la compilation`)
// Stack traces point into src/ (dist-server/*.js.map).
process.setSourceMapsEnabled(true)
await import(pathToFileURL(file).href)
