// Is this process close to its heap's limit? (issue 42). A Node process that reaches the limit
// aborts ("JavaScript heap out of memory"): long before, readiness says so, so that a load
// balancer sends the next requests to another instance while this one recovers (or is restarted
// by its supervisor: docs/silo.service). The heap's limit is the one the process runs with
// (`--max-old-space-size`, or V8's default for the machine).
import { getHeapStatistics } from 'node:v8'

/** Beyond this share of the heap's limit, the instance says it is not ready. */
export const HIGH_HEAP_SHARE = 0.85

export interface HeapFigures {
  used_heap_size: number
  heap_size_limit: number
}

/** 'haute' when the heap in use is beyond HIGH_HEAP_SHARE of its limit. */
export function heapPressure(stats: HeapFigures = getHeapStatistics()): 'normale' | 'haute' {
  return stats.used_heap_size > HIGH_HEAP_SHARE * stats.heap_size_limit ? 'haute' : 'normale'
}
