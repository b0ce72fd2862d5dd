// A cache bounded by the bytes it holds, the least recently used entry dropped first (issue 50:
// the members' snapshots and rendered pages, kept once per member and version). A value is a
// promise, so that concurrent requests for the same key build it once; a failed build is dropped.
export class ByteLru<V> {
  private readonly entries = new Map<string, { value: Promise<V>; bytes: number }>()
  private held = 0

  constructor(
    private readonly maxBytes: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  get bytes(): number {
    return this.held
  }

  get size(): number {
    return this.entries.size
  }

  /** The value under `key`, built by `build` when absent (once, however many ask at once). */
  get(key: string, build: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key)
    if (hit) {
      // Most recent last: Map keeps insertion order.
      this.entries.delete(key)
      this.entries.set(key, hit)
      return hit.value
    }
    const entry = { value: build(), bytes: 0 }
    this.entries.set(key, entry)
    entry.value.then(
      (v) => {
        if (this.entries.get(key) !== entry) return
        entry.bytes = this.sizeOf(v)
        this.held += entry.bytes
        if (entry.bytes > this.maxBytes) this.drop(key)
        this.evict()
      },
      () => this.entries.get(key) === entry && this.drop(key),
    )
    return entry.value
  }

  /** Drops every key `stale` says (a member's older versions). */
  dropWhere(stale: (key: string) => boolean) {
    for (const key of [...this.entries.keys()]) if (stale(key)) this.drop(key)
  }

  private drop(key: string) {
    const e = this.entries.get(key)
    if (!e) return
    this.entries.delete(key)
    this.held -= e.bytes
  }

  private evict() {
    for (const key of this.entries.keys()) {
      if (this.held <= this.maxBytes) return
      this.drop(key)
    }
  }
}
