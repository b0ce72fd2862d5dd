// Proves, while a file is read, that it holds each key once — when it comes sorted by its key's
// leading columns, as a cooperative's exports do (deliveries, then each delivery's lines). The SQL
// check (checks.ts) then has nothing left to find, and the file's unique index, 1.8 s on 3 million
// delivery lines, is not built unless another file cites the key. Any other order proves nothing,
// and the SQL check runs as before: this only ever saves work, it never decides a row is good.
import type { Cell } from '../../contract/import/cells'

/** Distinct last-column values kept for one run of equal leading columns; past it, nothing is proven. */
const RUN_LIMIT = 10_000

type Compare = (a: string, b: string) => number
const byNumber: Compare = (a, b) => Number(a) - Number(b)
const byText: Compare = (a, b) => (a < b ? -1 : a > b ? 1 : 0)

export interface KeyWatch {
  /** A row's key, as the COPY text of each column (`\N` where empty or invalid). */
  see(key: readonly string[]): void
  /** Whether every key seen with all its columns was distinct (proven), or nothing is known. */
  readonly distinct: boolean
}

/**
 * Rows whose leading columns never go back (in each column's own order) and whose last column is
 * new within its run of equal leading columns hold each key once. Equal keys have the same COPY
 * text (valibot's output, normalised), so comparing those texts is comparing the keys.
 */
export function keyWatch(types: readonly Cell['type'][]): KeyWatch {
  const compare = types.map((t) => (t === 'int' || t === 'numeric' ? byNumber : byText))
  const lead = types.length - 1
  let previous: readonly string[] | null = null
  let run = new Set<string>()
  let distinct = true
  return {
    see(key) {
      if (!distinct || key.includes('\\N')) return // a key with an empty column is no key (SQL skips it too)
      if (lead === 0) {
        // One column: proven only in strictly increasing order (a set of every value would be the file).
        if (previous && compare[0]!(key[0]!, previous[0]!) <= 0) distinct = false
        previous = key
        return
      }
      let order = 0
      for (let i = 0; i < lead && order === 0 && previous; i++) order = compare[i]!(key[i]!, previous[i]!)
      if (order < 0) distinct = false
      else {
        if (order > 0 || previous === null) run = new Set()
        const last = key[lead]!
        if (run.has(last) || run.size >= RUN_LIMIT) distinct = false
        else run.add(last)
      }
      previous = key
    },
    get distinct() {
      return distinct
    },
  }
}
