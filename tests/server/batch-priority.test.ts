// The import runs as a batch job (src/server/cli/batch-priority.ts): at the lowest CPU priority,
// in a session of its own where Linux groups processes by session (autogroup), its group at the
// lowest priority too; the command the operator started passes on its exit code and signals, and
// its work stops if it is killed.
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { getPriority } from 'node:os'
import { describe, expect, it } from 'vitest'

const grouped =
  existsSync('/proc/self/autogroup') && readFileSync('/proc/sys/kernel/sched_autogroup_enabled', 'utf8').trim() === '1'

interface Where {
  pid: number
  session: number
  nice: number
  group: string | null
  args: string[]
}

function start(...args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/server/support/batch-job.ts', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let out = ''
  const where = new Promise<Where>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString()
      if (out.includes('\n')) resolve(JSON.parse(out.split('\n')[0]!) as Where)
    })
    child.once('exit', () => reject(new Error(`ended before it said where: ${out}`)))
  })
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  return { child, where, ended }
}

const alive = (pid: number) => existsSync(`/proc/${pid}`)
async function gone(pid: number) {
  for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 50))
  return !alive(pid)
}

describe('a batch job', () => {
  it('works at the lowest priority, in a session and group of its own where sessions are grouped, and passes its exit code back', async () => {
    const run = start('exit', '3', 'é à')
    const where = await run.where
    expect(where.nice).toBe(19)
    expect(where.args).toEqual(['exit', '3', 'é à'])
    if (grouped) {
      expect(where.pid).not.toBe(run.child.pid)
      expect(where.session).toBe(where.pid)
      expect(where.group).toMatch(/ nice 19$/)
    } else expect(where.pid).toBe(run.child.pid)
    expect(await run.ended).toEqual({ code: 3, signal: null })
  })

  it('keeps the usual priority when asked (--priorite-normale)', async () => {
    const run = start('exit', '0', '--normal')
    const where = await run.where
    expect(where.pid).toBe(run.child.pid)
    expect(where.nice).toBe(getPriority())
    expect(await run.ended).toEqual({ code: 0, signal: null })
  })

  it('stops on Ctrl-C given to the command, and the command ends by it', async () => {
    const run = start('wait')
    const where = await run.where
    run.child.kill('SIGINT')
    expect(await run.ended).toEqual({ code: null, signal: 'SIGINT' })
    expect(await gone(where.pid)).toBe(true)
  })

  it('stops when the command is killed (kill -9): nothing goes on unseen', async () => {
    const run = start('wait')
    const where = await run.where
    run.child.kill('SIGKILL')
    expect((await run.ended).signal).toBe('SIGKILL')
    expect(await gone(where.pid)).toBe(true)
  })
})
