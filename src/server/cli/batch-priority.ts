// A long command (the import) run as a batch job: farmers' requests to the running Silo go first
// (issue 49: orders placed during a first import had a p99 5–8× their p99 alone, CPU-bound).
//
// - The process drops to the lowest CPU priority (nice 19). That is enough where the scheduler
//   compares processes one by one.
// - Linux, by default, compares sessions, not processes (autogroup: one group per `setsid`). A
//   command run from a shell shares the shell's group, whatever its own nice, and that group weighs
//   as much as Silo's. So where groups are on, the command starts itself again in a session of its
//   own and lowers that group's priority (raising a nice needs no privilege). Lowering the shell's
//   own group instead would slow everything the operator runs in it until they log out.
//
// Measured (a first import of the synthetic cooperative beside a Silo taking 10 orders/s, the
// orders' p99 during the import ÷ their p99 alone; decision 0062): 2.1–8.1× run from the
// bench's session as it was, 2.9× in a session of its own at nice 19 (its group at 0), 0.87–1.0×
// with its group at 19.
//
// The PostgreSQL sessions of the command keep their priority: one at low priority could hold a
// lock (the WAL's, a buffer's) that an order waits for.
import { spawn } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { setPriority } from 'node:os'

const LOWEST = 19
/** Set in the command started again: it is the batch job, in its own session. */
const CHILD = 'SILO_BATCH_SESSION'
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const

/** Does this kernel group processes by session for the CPU (autogroup), and may this process use it? */
function sessionsGrouped(): boolean {
  try {
    return (
      existsSync('/proc/self/autogroup') &&
      readFileSync('/proc/sys/kernel/sched_autogroup_enabled', 'utf8').trim() === '1'
    )
  } catch {
    return false
  }
}

/** Is this process the leader of its session (its group is its own)? Field 6 of /proc/self/stat. */
function leadsItsSession(): boolean {
  const stat = readFileSync('/proc/self/stat', 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return Number(fields[3]) === process.pid
}

function lower(grouped: boolean) {
  try {
    setPriority(LOWEST)
  } catch {
    // A priority the system does not let change: the command runs as it would have.
  }
  if (grouped && leadsItsSession()) {
    try {
      writeFileSync('/proc/self/autogroup', String(LOWEST))
    } catch {
      // Refused (a kernel that rate-limits the change, a read-only /proc): as above.
    }
  }
}

/**
 * Makes the rest of this command a batch job. Resolves in the process that is to do the work; in
 * the one that only started it again, never (unless it could not start it): that one ends as the
 * work's process ends (its exit code, or its signal), and passes it the signals it gets (Ctrl-C).
 *
 * `script` is the file being run (import.meta.url's path): the command again is this Node, its
 * options, the script and the arguments. `normal`: keep the usual priority (--priorite-normale).
 */
export async function runAsBatchJob(script: string, { normal = false } = {}): Promise<void> {
  if (normal) return
  const grouped = sessionsGrouped()
  if (process.env[CHILD] === '1' || !grouped || leadsItsSession()) {
    // The process that started this one was killed (kill -9): this one stops too, as it would have.
    if (process.env[CHILD] === '1' && process.channel) {
      process.channel.unref()
      process.once('disconnect', () => process.exit(1))
    }
    lower(grouped)
    return
  }
  const child = spawn(
    process.execPath,
    [
      ...process.execArgv,
      ...(process.sourceMapsEnabled ? ['--enable-source-maps'] : []),
      script,
      ...process.argv.slice(2),
    ],
    // detached: setsid, a session (and a group) of its own. The IPC channel tells it if this one dies.
    { detached: true, stdio: ['inherit', 'inherit', 'inherit', 'ipc'], env: { ...process.env, [CHILD]: '1' } },
  )
  for (const signal of SIGNALS) process.on(signal, () => child.kill(signal))
  await new Promise<void>((resolve) => {
    // Not started (no process left to the user, say): the work is done here, at this priority.
    child.once('error', () => {
      // Node may still report an exit after the error: it must not end the work begun here.
      child.removeAllListeners('exit')
      for (const s of SIGNALS) process.removeAllListeners(s)
      lower(false)
      resolve()
    })
    child.once('exit', (code, signal) => {
      if (signal) {
        for (const s of SIGNALS) process.removeAllListeners(s)
        process.kill(process.pid, signal)
      }
      process.exit(code ?? 1)
    })
  })
}
