// What `npm start` finds (cli/start.ts): no build (it builds one), a build older than the sources
// (it serves it as it is and says so), a current build, or DIST_DIR naming a build that is missing
// (it never builds one there).
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'

/** What the build is made from (vite.config.ts and its inputs). */
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

export type BuildState = { kind: 'none' | 'older' | 'current' | 'elsewhere-missing'; distDir: string }

export function buildState(cwd: string, distDirEnv: string | undefined): BuildState {
  // vite builds into ./dist; DIST_DIR may name another build to serve, never built here.
  const distDir = resolve(cwd, distDirEnv || 'dist')
  const index = join(distDir, 'index.html')
  if (!existsSync(index)) return { kind: distDir === resolve(cwd, 'dist') ? 'none' : 'elsewhere-missing', distDir }
  const sources = Math.max(...SOURCES.map((s) => newest(join(cwd, s))))
  return { kind: sources > statSync(index).mtimeMs ? 'older' : 'current', distDir }
}
