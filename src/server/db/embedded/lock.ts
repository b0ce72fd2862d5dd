// One Silo per DATA_DIR. A second server on the same folder would take the running cluster for
// one left behind by a killed Silo and stop it under the first one's feet. The
// lock file holds the process id and its start time (from /proc: a process id is reused after a
// reboot, the pair is not), so a lock left by a killed Silo is recognised as stale and taken over.
import { closeSync, existsSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs'
import { join } from 'node:path'

export interface Holder {
  pid: number
  startTime: string | null
  command: string
}

function lockPath(dataDir: string) {
  return join(dataDir, 'silo.lock')
}

function startTimeOf(pid: number): string | null {
  try {
    // Field 22 of /proc/PID/stat, counted after the command name in parentheses.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null
  } catch {
    return null
  }
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ')
  } catch {
    return ''
  }
}

/** Fields 3 (state) and 9 (flags) of /proc/PID/stat, counted after the command name in parentheses. */
function stateOf(pid: number): { state: string; flags: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return { state: fields[0] ?? '', flags: Number(fields[6]) }
  } catch {
    return null
  }
}

/** The kernel's PF_EXITING: the process is going away (killed, its memory being released). */
const PF_EXITING = 0x4

/**
 * Whether pid is a running process. A killed process stays a zombie (state Z) until its parent
 * reaps it, and kill(pid, 0) still succeeds on it: a zombie, a dead (X) or an exiting process
 * is not alive, or a supervisor's immediate restart would be refused.
 */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false
  }
  const s = stateOf(pid)
  // Without /proc (another system), kill(pid, 0) is all there is to go on.
  if (!s) return existsSync('/proc/self/stat') ? false : true
  return !/^[ZXx]$/.test(s.state) && (s.flags & PF_EXITING) === 0
}

function readHolder(path: string): Holder | null {
  try {
    const [pid, startTime, ...command] = readFileSync(path, 'utf8').split('\n')
    const n = Number(pid)
    return Number.isInteger(n) && n > 0
      ? { pid: n, startTime: startTime || null, command: command.join(' ').trim() }
      : null
  } catch {
    return null
  }
}

/** The Silo that holds dataDir, if one is running. */
export function currentHolder(dataDir: string): Holder | null {
  const holder = readHolder(lockPath(dataDir))
  if (!holder || !isAlive(holder.pid)) return null
  const now = startTimeOf(holder.pid)
  // Same process id, another process (reused after a reboot): the lock is stale.
  if (holder.startTime && now && holder.startTime !== now) return null
  return holder
}

class DataDirInUse extends Error {}

/** Takes the lock of dataDir or throws DataDirInUse naming the process that holds it. */
export function acquireLock(dataDir: string): () => void {
  const path = lockPath(dataDir)
  const content = `${process.pid}\n${startTimeOf(process.pid) ?? ''}\n${commandOf(process.pid)}\n`
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600)
      writeSync(fd, content)
      closeSync(fd)
      let released = false
      const release = () => {
        if (released) return
        released = true
        process.off('exit', release)
        // Only our own lock: never remove one another process took over.
        if (existsSync(path) && readFileSync(path, 'utf8') === content) unlinkSync(path)
      }
      process.once('exit', release)
      return release
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
      const holder = currentHolder(dataDir)
      if (holder) {
        throw new DataDirInUse(
          `DATA_DIR ${dataDir} is in use by another Silo: process ${holder.pid}${holder.command ? ` (${holder.command})` : ''}. ` +
            'Stop that server first, or give this one another DATA_DIR.',
        )
      }
      // Left by a Silo that was killed: take it over.
      try {
        unlinkSync(path)
      } catch {
        // Another starting Silo removed it first: the next attempt tells who won.
      }
    }
  }
  throw new DataDirInUse(`DATA_DIR ${dataDir}: could not take ${path}`)
}
