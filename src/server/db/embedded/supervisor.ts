// Silo watches the PostgreSQL it runs: pg_ctl starts the postmaster detached (a crash of Silo
// does not take the database down), so nothing tells Silo when the postmaster dies (kill -9, the
// OOM killer). Every second the supervisor reads the postmaster's state (lock.ts's isAlive: a
// zombie is dead); once it is gone it starts it again, after 0.5 s, then 1, 2, 4… up to 30 s
// between failed attempts, and never gives up: Silo keeps serving (the pool's connections fail
// meanwhile) and never exits. The connection URL does not change (same socket folder), so the
// pool reconnects by itself once the server is back.
import { isAlive } from './lock'

export interface Supervised {
  pid(): number | null
  restart(): Promise<void>
}

export interface SupervisorOptions {
  log: (msg: string) => void
  everyMs?: number
  firstDelayMs?: number
  maxDelayMs?: number
}

/** Starts watching; the returned function stops it (after a restart under way, if any). */
export function supervise(cluster: Supervised, opts: SupervisorOptions): () => Promise<void> {
  const { log, everyMs = 1000, firstDelayMs = 500, maxDelayMs = 30_000 } = opts
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let restarting: Promise<void> = Promise.resolve()
  let delay = firstDelayMs
  // A server that stayed up a while earns a quick restart again; one that dies at once does not.
  let restartedAt = 0
  const schedule = (ms: number, fn: () => void) => {
    if (!stopped) timer = setTimeout(fn, ms).unref()
  }

  const attempt = (n: number) => {
    restarting = cluster
      .restart()
      .then(() => {
        restartedAt = Date.now()
        log(`PostgreSQL restarted (attempt ${n}, process ${cluster.pid() ?? '?'})`)
        schedule(everyMs, watch)
      })
      .catch((err: unknown) => {
        delay = Math.min(delay * 2, maxDelayMs)
        log(`PostgreSQL restart failed (attempt ${n}), next in ${delay / 1000} s: ${(err as Error).message}`)
        schedule(delay, () => attempt(n + 1))
      })
  }

  const watch = () => {
    const pid = cluster.pid()
    if (pid !== null && isAlive(pid)) return schedule(everyMs, watch)
    delay = Date.now() - restartedAt > maxDelayMs * 2 ? firstDelayMs : Math.min(delay * 2, maxDelayMs)
    log(`PostgreSQL stopped (process ${pid ?? 'unknown'}): restarting it in ${delay / 1000} s`)
    schedule(delay, () => attempt(1))
  }

  schedule(everyMs, watch)
  return async () => {
    stopped = true
    clearTimeout(timer)
    await restarting
  }
}
