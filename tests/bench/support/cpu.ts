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

/** Follows the CPU of the PostgreSQL backend serving `applicationName` on the database of `url`. */
export function followBackend(url: string, applicationName: string) {
  let pid: number | null = null
  let done = false
  const c = new pg.Client({ connectionString: url })
  const found = (async () => {
    await c.connect()
    while (!done && pid === null) {
      const { rows } = await c.query<{ pid: number }>(
        'select pid from pg_stat_activity where application_name = $1 and datname = current_database()',
        [applicationName],
      )
      pid = rows[0]?.pid ?? null
      if (pid === null) await new Promise((r) => setTimeout(r, 20))
    }
    await c.end()
  })().catch(() => {})
  const stop = followCpu(() => pid)
  return async () => {
    done = true
    await found
    return stop()
  }
}
