// `npm start` never rebuilds a build that exists (cli/start.ts, cli/build-state.ts): instances may
// be serving it. It builds only when there is none, and says so when the build is older.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { buildState } from '../../src/server/cli/build-state'

const root = mkdtempSync(join(tmpdir(), 'silo-build-state-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

function checkout(name: string, opts: { built?: Date; source?: Date }) {
  const dir = join(root, name)
  mkdirSync(join(dir, 'src/app'), { recursive: true })
  writeFileSync(join(dir, 'src/app/main.tsx'), 'x')
  if (opts.source) utimesSync(join(dir, 'src/app/main.tsx'), opts.source, opts.source)
  if (opts.built) {
    mkdirSync(join(dir, 'dist'))
    writeFileSync(join(dir, 'dist/index.html'), '<!doctype html>')
    utimesSync(join(dir, 'dist/index.html'), opts.built, opts.built)
  }
  return dir
}

describe('npm start and the build', () => {
  const before = new Date('2026-11-20T10:00:00Z')
  const after = new Date('2026-11-21T10:00:00Z')

  it('builds only when there is no build', () => {
    expect(buildState(checkout('none', {}), undefined).kind).toBe('none')
  })

  it('serves a build older than the sources as it is, and says so (never rebuilds under running instances)', () => {
    expect(buildState(checkout('older', { built: before, source: after }), undefined).kind).toBe('older')
    expect(buildState(checkout('current', { built: after, source: before }), undefined).kind).toBe('current')
  })

  it('never builds into DIST_DIR: a missing build there is an error to report', () => {
    const dir = checkout('elsewhere', { built: after, source: before })
    expect(buildState(dir, join(root, 'release-42')).kind).toBe('elsewhere-missing')
    expect(buildState(dir, join(dir, 'dist'))).toEqual({ kind: 'current', distDir: join(dir, 'dist') })
  })
})
