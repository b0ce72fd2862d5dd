// `npm start`: build the app when dist/ is missing or older than its sources, then serve.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const SOURCES = [
  'src/app',
  'src/api',
  'src/domain',
  'src/offline',
  'sw',
  'public',
  'index.html',
  'manifest.webmanifest',
  'vite.config.ts',
  'package.json',
]

function newest(path: string): number {
  if (!existsSync(path)) return 0
  const st = statSync(path)
  if (!st.isDirectory()) return st.mtimeMs
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))))
}

const built = existsSync('dist/index.html') ? statSync('dist/index.html').mtimeMs : 0
if (built === 0 || Math.max(...SOURCES.map(newest)) > built) {
  console.log('Construction de l’application (vite build)…')
  const r = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], { stdio: 'inherit' })
  if (r.status !== 0) process.exit(r.status ?? 1)
}
await import('../main')
