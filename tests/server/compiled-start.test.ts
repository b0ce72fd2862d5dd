// `npm start` runs plain node on the compiled server (scripts/server.mjs → dist-server/start.js),
// never tsx: no process of its tree runs tsx or esbuild, and what the compiled bundle finds from
// its own location works — the embedded PostgreSQL's binaries, the migrations, the demo seed, the
// built app (DIST_DIR), the sign-in's password hashing.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort, signIn, startSilo, type RunningSilo } from '../support/silo'

const cmdline = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim()
const parentOf = (pid: string) => {
  try {
    // The fields after the command's name: state, then the parent's pid.
    return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1])
  } catch {
    return -1
  }
}

/** `pid` and every process under it, with their command lines. */
function tree(pid: number): { pid: number; command: string }[] {
  const all = readdirSync('/proc').filter((d) => /^\d+$/.test(d))
  const found = [pid]
  for (let grew = true; grew;) {
    grew = false
    for (const p of all)
      if (!found.includes(Number(p)) && found.includes(parentOf(p))) {
        found.push(Number(p))
        grew = true
      }
  }
  return found.flatMap((p) => {
    try {
      return [{ pid: p, command: cmdline(p) }]
    } catch {
      return []
    }
  })
}

describe('npm start: the compiled server on plain node', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'silo-compiled-'))
  const distDir = mkdtempSync(join(tmpdir(), 'silo-compiled-dist-'))
  let silo: RunningSilo

  beforeAll(async () => {
    writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>compiled-probe</title><div id="root"></div>')
    silo = await startSilo({
      port: await freePort(),
      compiled: true,
      env: { DATA_DIR: dataDir, DATABASE_URL: '', DIST_DIR: distDir },
      stdout: 'pipe',
    })
  }, 150_000)

  afterAll(async () => {
    await silo?.stop()
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(distDir, { recursive: true, force: true })
  })

  it('runs no tsx and no esbuild in its process tree', () => {
    const processes = tree(silo.child.pid!)
    expect(processes[0]!.command).toMatch(/node scripts\/server\.mjs start$/)
    expect(processes.filter((p) => /tsx|esbuild/.test(p.command))).toEqual([])
  })

  it('migrates, seeds, hashes passwords and serves the built app from the compiled location', async () => {
    const cookie = await signIn(silo.base, '100001')
    const me = await fetch(`${silo.base}/web/v1/referentiel?numTiers=100001`, { headers: { cookie } })
    expect(me.status).toBe(200)
    const page = await fetch(`${silo.base}/`)
    expect(await page.text()).toContain('compiled-probe')
    expect(await (await fetch(`${silo.base}/public/infos/version`)).json()).toEqual({
      version: JSON.parse(readFileSync('package.json', 'utf8')).version,
    })
  })

  it('stops cleanly on SIGTERM', async () => {
    await silo.stop()
    expect(silo.child.exitCode, silo.output()).toBe(0)
  })
})
