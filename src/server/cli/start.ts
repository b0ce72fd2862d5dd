// `npm start`: build the app only when there is no build at all, then serve. A build that exists
// is never rebuilt here, even when the sources are newer: other instances may be serving it (they
// keep index.html in memory and load its hashed assets from the folder), and a rebuild under them
// would delete the assets their pages ask for. `npm run build` is the explicit way to rebuild;
// a line says so when the build is older than the sources.
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { buildState } from './build-state'

const state = buildState(process.cwd(), process.env.DIST_DIR)
if (state.kind === 'elsewhere-missing') {
  console.error(
    `${join(state.distDir, 'index.html')} manque : construisez (npm run build) et copiez dist/ à cet endroit.`,
  )
  process.exit(1)
}
if (state.kind === 'none') {
  console.log('Aucune construction : construction de l’application (vite build)…')
  const r = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], { stdio: 'inherit' })
  if (r.status !== 0) process.exit(r.status ?? 1)
}
if (state.kind === 'older')
  console.log(
    `La construction (${state.distDir}) est plus ancienne que les sources : elle est servie telle quelle ` +
      '(npm start ne reconstruit jamais une construction existante ; npm run build la refait).',
  )
await import('../main')
