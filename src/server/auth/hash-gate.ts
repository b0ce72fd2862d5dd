// How many sign-ins one process works on at once (issue 26: a flood of correct sign-ins took
// orders from 72.6/s to 3.4/s). A password check is a scrypt hash of about 16 MB and some 50 ms
// of CPU; it ran on libuv's thread pool, whose 4 threads pg's DNS lookups and the file reads
// share: unbounded, 100 sign-ins filled the pool and every core, and orders waited behind them.
// Now at most `hashing` hashes run at once, on worker threads of their own at the lowest CPU
// priority (hash-worker.ts), so the pool stays pg's, dns's and fs's and orders get a core first.
//
// A sign-in first takes a place at the gate, before anything else (counters, database): at most
// `hashing` of them hash at once and at most `waiting` more wait for their turn. Beyond that the
// try is refused at once (503 with Retry-After), with nothing counted and no database work, so a
// flood costs a parse and a refusal per request and the queue never grows. The limit is per
// process on purpose: it bounds this process's CPU and thread pool; the try counters that two
// instances share stay in PostgreSQL (login-throttle.ts).
import { availableParallelism } from 'node:os'

export interface GateLimits {
  /** Hashes computed at once. */
  hashing: number
  /** Sign-ins admitted beyond those, waiting for their turn (or still at their counters). */
  waiting: number
}

/** One core of two is left to the event loop and PostgreSQL: one hash at a time on 2 cores, 2 from 3. */
export const HASH_GATE: GateLimits = {
  hashing: Math.max(1, Math.min(2, availableParallelism() - 1)),
  waiting: 8,
}

/** Seconds a refused sign-in is told to wait (Retry-After): a queue of 8 clears in well under that. */
export const BUSY_RETRY_SECONDS = 2

export interface GatePlace {
  /** Runs the hash when its turn comes (at most `hashing` at once, first come first served). */
  hash<T>(work: () => Promise<T>): Promise<T>
  /** Gives the place back; safe to call more than once. */
  leave(): void
}

export function createHashGate(limits: GateLimits = HASH_GATE) {
  let admitted = 0
  let hashing = 0
  const turns: Array<() => void> = []

  const nextTurn = () => {
    hashing--
    const next = turns.shift()
    if (next) {
      hashing++
      next()
    }
  }

  return {
    /** A place at the gate, or null when every place is taken (refuse the sign-in at once). */
    enter(): GatePlace | null {
      if (admitted >= limits.hashing + limits.waiting) return null
      admitted++
      let left = false
      return {
        async hash(work) {
          if (hashing < limits.hashing) hashing++
          else await new Promise<void>((resolve) => turns.push(resolve))
          try {
            return await work()
          } finally {
            nextTurn()
          }
        },
        leave() {
          if (left) return
          left = true
          admitted--
        },
      }
    },
    /** Whether every place is taken: a sign-in now would be refused. */
    get full() {
      return admitted >= limits.hashing + limits.waiting
    },
    /** Sign-ins admitted and hashes running, for tests and logs. */
    get load() {
      return { admitted, hashing, queued: turns.length }
    },
  }
}
