// A brake on sign-in floods (issue 26). A refused sign-in is answered at once (503, Retry-After) —
// while refusals stay few. A client that ignores Retry-After and sends again as soon as it is
// answered can make thousands of refusals a second, and each costs the event loop the orders
// share (measured: orders fell to 0.18–0.35 of their rate under 100 such clients). Past
// FLOOD_PER_SECOND refusals in a second, further ones are answered after BRAKE_MS instead: each
// such client then sends about one request a second. Bounded: at most MAX_HELD answers wait at
// once (a timer each, no work queued); beyond that they are answered at once again.
const FLOOD_PER_SECOND = 50
const BRAKE_MS = 1_000
const MAX_HELD = 500

let windowStart = 0
let inWindow = 0
let held = 0

/** Counts one refusal; resolves when its answer may go (at once, or after the brake). */
export function brakeRefusal(now = Date.now()): Promise<void> | null {
  if (now - windowStart >= 1_000) {
    windowStart = now
    inWindow = 0
  }
  inWindow++
  if (inWindow <= FLOOD_PER_SECOND || held >= MAX_HELD) return null
  held++
  return new Promise((resolve) =>
    setTimeout(() => {
      held--
      resolve()
    }, BRAKE_MS),
  )
}
