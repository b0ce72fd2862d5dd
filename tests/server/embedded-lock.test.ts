// DATA_DIR's lock (src/server/db/embedded/lock.ts) and a holder that is a zombie: a Silo killed
// with SIGKILL stays a zombie until its parent reaps it, and kill(pid, 0) still succeeds on it.
// A real zombie here: a shell starts a child, then becomes `sleep 60` (exec), which never waits
// for its children. The child ends only once its parent has become `sleep`: a child that ended
// before the exec could be reaped by the shell itself (CI, on a loaded machine, saw it gone).
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { acquireLock, currentHolder, isAlive } from '../../src/server/db/embedded/lock'

const statOf = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  } catch {
    return null
  }
}

/** A zombie process (its pid), and how to end it (killing the parent lets init take it). */
async function makeZombie(): Promise<{ pid: number; end: () => void }> {
  const script = 'p=$$; (while [ "$(cat /proc/$p/comm)" = sh ]; do sleep 0.01; done) & echo $!; exec sleep 60'
  const parent = spawn('sh', ['-c', script], { stdio: ['ignore', 'pipe', 'ignore'] })
  const pid = await new Promise<number>((resolve) => parent.stdout.once('data', (d: Buffer) => resolve(Number(d))))
  for (let i = 0; i < 400 && statOf(pid)?.[0] !== 'Z'; i++) await new Promise((r) => setTimeout(r, 25))
  if (statOf(pid)?.[0] !== 'Z') throw new Error(`process ${pid} did not become a zombie`)
  return { pid, end: () => parent.kill('SIGKILL') }
}

describe("DATA_DIR's lock", () => {
  const dir = mkdtempSync(join(tmpdir(), 'silo-lock-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('takes a zombie for dead, though kill(pid, 0) still succeeds on it', async () => {
    const zombie = await makeZombie()
    try {
      expect(statOf(zombie.pid)?.[0]).toBe('Z')
      expect(process.kill(zombie.pid, 0)).toBe(true)
      expect(isAlive(zombie.pid)).toBe(false)
      expect(isAlive(process.pid)).toBe(true)
    } finally {
      zombie.end()
    }
  })

  it('takes over the lock of a Silo that is a zombie, and writes its own with mode 0600', async () => {
    const zombie = await makeZombie()
    try {
      // The lock as the killed Silo left it: its pid and its start time.
      writeFileSync(join(dir, 'silo.lock'), `${zombie.pid}\n${statOf(zombie.pid)![19]}\nnode src/server/main.ts\n`)
      expect(currentHolder(dir)).toBeNull()
      const release = acquireLock(dir)
      try {
        expect(readFileSync(join(dir, 'silo.lock'), 'utf8').split('\n')[0]).toBe(String(process.pid))
        expect(statSync(join(dir, 'silo.lock')).mode & 0o777).toBe(0o600)
      } finally {
        release()
      }
    } finally {
      zombie.end()
    }
  })

  it('still refuses a living holder', () => {
    const release = acquireLock(dir)
    try {
      expect(() => acquireLock(dir)).toThrow(new RegExp(`in use by another Silo: process ${process.pid}`))
    } finally {
      release()
    }
  })
})
