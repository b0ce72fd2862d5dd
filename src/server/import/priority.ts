// The import's process gives way to Silo's (issue 49): on the cooperative's server, Silo answers its
// members while the import reads its files, and on two cores an order waited behind the import's
// JavaScript (orders' p99 during a first import 2.4 → 3.6× their p99 alone once the import used
// both cores). Below normal priority the import loses nothing when the CPU is free; its PostgreSQL
// sessions keep theirs (they are the server's processes, not the import's to change).
import { constants, setPriority } from 'node:os'

export function giveWayToSilo(): void {
  try {
    setPriority(constants.priority.PRIORITY_BELOW_NORMAL)
  } catch {
    // A system that refuses it: the import runs at its priority.
  }
}
