// The inner reads of every group on this instance, READS_AT_ONCE at a time, first come first served,
// with a turn of the event loop between two reads of a group (issue 42). A group is a hundred reads
// asked at once: answered as fast as the process can, it took the CPU and the database pool from
// the requests that came with it — other farmers' orders fell from 125/s to 28/s under eight
// connections sending groups. Here a group advances a read at a time in each of its slots, and
// between two reads every request that arrived meanwhile (an order, a page) gets its turn
// (setImmediate runs after the I/O callbacks already waiting). Groups share the slots in turn, so
// one session's groups cannot starve another's either. Process-local on purpose: the CPU and the
// pool it shares are this process's own.
import { setImmediate as nextTurn } from 'node:timers/promises'

/** Inner reads at once on this instance, every group together. One: a read is mostly this process's
 * CPU (about a millisecond of it), so a second slot made a lone group no faster (measured: 100 reads
 * in 605–650 ms with two, 616–636 ms with one, 431–685 ms before issue 42 with four per group, on
 * this busy 2-core machine) and only took more from the orders (`npm run bench:api`, 'grouped
 * reads': orders kept 0.54–0.71 of their rate with two, 0.70–0.76 with one). */
export const READS_AT_ONCE = 1

let free = READS_AT_ONCE
const waiting: (() => void)[] = []

/** Runs this read in one of the instance's slots, after the reads that asked before it. */
export async function inReadSlot<T>(read: () => Promise<T>): Promise<T> {
  if (free > 0) free--
  else await new Promise<void>((resolve) => waiting.push(resolve))
  try {
    return await read()
  } finally {
    const next = waiting.shift()
    if (next) next()
    else free++
  }
}

/** Lets the requests waiting for the event loop go first. */
export const letOthersGo = (): Promise<void> => nextTurn()
