// CPU seconds of processes (bench:import, issue 49): on a shared machine whose load changes from one
// minute to the next, the CPU an import and its floor use is steadier than their wall-clock times.
import { readFileSync } from 'node:fs'
import pg from 'pg'

/** User + system CPU seconds of a process so far (Linux, clock ticks of 10 ms), or null once gone. */
export function cpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return null
  }
}

/** Follows a process's CPU every 100 ms until stopped; its last reading (the process may be gone by then). */
export function followCpu(pid: () => number | null) {
  let last = 0
  const read = () => {
    const p = pid()
    const s = p === null ? null : cpuSeconds(p)
    if (s !== null) last = s
  }
  const timer = setInterval(read, 100)
  return () => {
    read()
    clearInterval(timer)
    return last
  }
}

/**
 * Follows the CPU of the PostgreSQL backends serving `applicationName` on the database of `url`,
 * summed: the import has two sessions (one copies, one merges), the floor one.
 */
export function followBackend(url: string, applicationName: string) {
  const seen = new Map<number, number>()
  let done = false
  const c = new pg.Client({ connectionString: url })
  const watching = (async () => {
    await c.connect()
    while (!done) {
      const { rows } = await c.query<{ pid: number }>(
        'select pid from pg_stat_activity where application_name = $1 and datname = current_database()',
        [applicationName],
      )
      for (const { pid } of rows) {
        const s = cpuSeconds(pid)
        if (s !== null) seen.set(pid, s)
      }
      await new Promise((r) => setTimeout(r, 100))
    }
    await c.end()
  })().catch(() => {})
  return async () => {
    for (const pid of seen.keys()) {
      const s = cpuSeconds(pid)
      if (s !== null) seen.set(pid, s)
    }
    done = true
    await watching
    return [...seen.values()].reduce((a, b) => a + b, 0)
  }
}
