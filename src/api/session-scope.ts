// One signal for "whom the device works for has changed": sign-out, or staff leaving the member
// they act for. Background work started under one scope (the preparation for no signal) stops as
// soon as the scope ends, and the change waits for the calls it still has on the way — so none of
// them reaches the server after the change and is refused (403), or lands in the next person's
// cache.
let scope = 0
const onTheWay = new Set<Promise<unknown>>()
let ending = new AbortController()

/** The scope now: background work keeps it and checks `scopeEnded` between its calls. */
export const currentScope = (): number => scope

export const scopeEnded = (started: number): boolean => started !== scope

/** A call made under the current scope: `endScope` waits for it. */
export function scoped<T>(call: Promise<T>): Promise<T> {
  onTheWay.add(call)
  call.then(
    () => onTheWay.delete(call),
    () => onTheWay.delete(call),
  )
  return call
}

/** Aborted when the current scope ends: a long call (the member's snapshot on a slow link) stops
 * then rather than hold the change until it is done. */
export const scopeSignal = (): AbortSignal => ending.signal

/** Ends the current scope: work started under it stops; resolves once its calls have settled
 * (each has its own time limit, http-client). */
export async function endScope(): Promise<void> {
  scope++
  ending.abort()
  ending = new AbortController()
  await Promise.allSettled([...onTheWay])
}
