// Loaded into a Silo under measure (`node --expose-gc --import ./tests/bench/support/memory-probe.mjs …`):
// on SIGUSR2 it runs two full garbage collections, then writes one line on stderr,
// `SILO_MEMORY {"rss":…,"heapUsed":…,"heapTotal":…,"external":…}` (bytes), for the bench that
// sent the signal. Nothing of it is in Silo itself: a bench-only hook, outside the product.
process.on('SIGUSR2', () => {
  globalThis.gc?.()
  globalThis.gc?.()
  const { rss, heapUsed, heapTotal, external } = process.memoryUsage()
  process.stderr.write(`SILO_MEMORY ${JSON.stringify({ rss, heapUsed, heapTotal, external })}\n`)
})
