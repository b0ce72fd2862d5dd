// The import's one session is shared by two flows at once (run.ts): the file being read queues its
// staging statements while the previous file is checked and merged. pg 8 queues a query asked while
// another runs, but that is deprecated (removed in pg 9, with a warning on every import): this
// session runs them one after the other itself, in the order they are asked. A COPY (a stream the
// caller writes into) holds the session until PostgreSQL has copied it all.
import { finished } from 'node:stream/promises'
import type pg from 'pg'

const isSubmittable = (x: unknown): x is pg.Submittable & NodeJS.WritableStream =>
  typeof (x as Partial<pg.Submittable> | null)?.submit === 'function'

export function serialSession(client: pg.Client): pg.Client {
  let tail: Promise<unknown> = Promise.resolve()
  const query = (...args: unknown[]): unknown => {
    const first = args[0]
    if (isSubmittable(first)) {
      // The stream is the caller's at once (it buffers what is written until the COPY starts).
      tail = tail
        .then(() => {
          client.query(first)
          return finished(first)
        })
        .catch(() => {})
      return first
    }
    const run = tail.then(() => (client.query as (...a: unknown[]) => Promise<unknown>)(...args))
    tail = run.catch(() => {})
    return run
  }
  return new Proxy(client, {
    get: (target, prop, receiver) => (prop === 'query' ? query : Reflect.get(target, prop, receiver)),
  })
}
