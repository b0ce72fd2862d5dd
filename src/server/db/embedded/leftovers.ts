// What a killed PostgreSQL leaves behind: postmaster.pid in the cluster, and the lock file of its
// socket. PostgreSQL itself refuses to start while the process named in either answers kill(pid,
// 0), which a zombie does (a postmaster killed with SIGKILL stays one until init reaps it, never
// where PID 1 does not reap, as in a container without an init): Silo removes them once their
// process is not alive (lock.ts reads its state) or is not a postgres (pid reused after a
// reboot). A killed postmaster's children still attached to its shared memory keep it from
// starting all the same ("shared memory block is still in use"): that is PostgreSQL's own check.
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { isAlive } from './lock'

const firstLine = (path: string) => {
  try {
    const pid = Number(readFileSync(path, 'utf8').split('\n')[0])
    return pid > 0 ? pid : null
  } catch {
    return null
  }
}

/** The postmaster's process id (first line of postmaster.pid), null without one. */
export const postmasterPid = (clusterDir: string) => firstLine(join(clusterDir, 'postmaster.pid'))

function isPostgres(pid: number) {
  if (!isAlive(pid)) return false
  try {
    return /postgres/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'))
  } catch {
    return true // not readable: taken for the postmaster
  }
}

/** 'running' when the postmaster of postmaster.pid runs; else both files go, if stale. */
export function clearStaleLockFiles(
  clusterDir: string,
  socketLock: string,
  log: (msg: string) => void,
): 'none' | 'running' {
  const pidFile = join(clusterDir, 'postmaster.pid')
  if (existsSync(pidFile)) {
    const pid = postmasterPid(clusterDir) ?? 0
    if (pid > 0 && isPostgres(pid)) return 'running'
    log(`removing a stale postmaster.pid (process ${pid} is not running PostgreSQL)`)
    rmSync(pidFile, { force: true })
  }
  const holder = firstLine(socketLock)
  if (holder !== null && !isPostgres(holder)) {
    log(`removing the stale socket lock ${socketLock} (process ${holder} is not running PostgreSQL)`)
    rmSync(socketLock, { force: true })
  }
  return 'none'
}
