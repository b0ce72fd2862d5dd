// The reference reads asked at the same moment go as one request (POST /web/v1/lectures, issue
// 29): the preparation for no signal asks some three hundred of them for a demo farm, the
// order-line form four or five at once. Invisible to the callers: each still gets its own answer,
// status and body as the server gives that read alone, and goes on as before (its 401, its
// schema). A read alone, a group the server does not know (an older instance behind the same
// proxy: 404), a group without an answer (offline: the service worker may have each read in its
// cache): each read is then sent alone, as before — except the reads of a hold (the preparation
// for no signal, which stops offline anyway): without an answer they fail at once with the
// group's network error, rather than a hundred requests more into a dead network. The answers are
// handed out one per task, so a hundred of them never make one long task on a slow phone.
// A group refused for a while (429: the session's budget, issue 42; 503 with Retry-After: the
// server busy) is sent again after the Retry-After it names, never sooner, MAX_SENDS times at
// most; still refused, the reads of a hold get that refusal as their answer (the preparation notes
// them missing and tries again later) and the others are sent alone.
import * as v from 'valibot'
import { LECTURES_MAX, Reponses } from '../contract/lectures'
import { nextTask } from './next-task'

interface Waiting {
  url: string
  /** Cancelled by its caller: not sent again after a wait. */
  cancelled?: boolean
  alone: () => Promise<Response>
  resolve: (res: Response | Promise<Response>) => void
  reject: (e: unknown) => void
  /** Asked during a hold: fails with its group when no answer comes (see above). */
  held: boolean
}

/** Statuses a Response may not carry a body with. */
const NO_BODY = new Set([101, 204, 205, 304])

function asResponse({ statut, corps }: Reponses['reponses'][number]): Response | null {
  if (!Number.isInteger(statut) || statut < 200 || statut > 599) return null
  const body = NO_BODY.has(statut) || corps === null ? null : JSON.stringify(corps)
  return new Response(body, { status: statut, headers: { 'Content-Type': 'application/json' } })
}

/** Sends of one group at most: the first, then one after each Retry-After. */
export const MAX_SENDS = 4
/** The wait when a refusal names none (or one that cannot be read), and the longest one kept. */
const DEFAULT_WAIT_MS = 5_000
const MAX_WAIT_MS = 60_000

/** How long the server asks to wait before this group is sent again, or null: not a wait. */
export function retryAfterMs(res: Response, now = Date.now()): number | null {
  const header = res.headers.get('Retry-After')
  if (res.status !== 429 && !(res.status === 503 && header)) return null
  let ms = DEFAULT_WAIT_MS
  if (header && /^\s*\d+\s*$/.test(header)) ms = Number(header) * 1000
  else if (header && !Number.isNaN(Date.parse(header))) ms = Date.parse(header) - now
  return Math.min(MAX_WAIT_MS, Math.max(0, ms))
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** `post` sends the group (the client's own sending: credentials, timeout, connection state). */
export function readGrouper(post: (chemins: string[]) => Promise<Response>) {
  let waiting: Waiting[] = []
  let scheduled = false

  async function send(group: Waiting[]) {
    const alone = (w: Waiting) => w.resolve(w.alone())
    if (group.length === 1) return alone(group[0]!)
    let reponses: Reponses['reponses'] | null = null
    let noAnswer: { error: unknown } | null = null
    let refused: Response | null = null
    try {
      for (let sent = 1; ; sent++) {
        const res = await post(group.map((w) => w.url))
        const wait = retryAfterMs(res)
        if (wait !== null) {
          refused = res
          if (sent >= MAX_SENDS) break
          await sleep(wait)
          // What was cancelled meanwhile is not asked again.
          group = group.filter((w) => !w.cancelled)
          if (group.length === 0) return
          continue
        }
        refused = null
        const body = res.ok ? v.safeParse(Reponses, await res.json()) : null
        if (body?.success && body.output.reponses.length === group.length) reponses = body.output.reponses
        break
      }
    } catch (error) {
      noAnswer = { error }
    }
    if (!reponses)
      return group.forEach((w) => {
        if (noAnswer && w.held) w.reject(noAnswer.error)
        else if (refused && w.held) w.resolve(refused.clone())
        else alone(w)
      })
    for (const [i, w] of group.entries()) {
      const res = asResponse(reponses[i]!)
      if (res) w.resolve(res)
      else alone(w)
      if (i < group.length - 1) await nextTask()
    }
  }

  let holds = 0
  function flush() {
    scheduled = false
    const all = waiting
    waiting = []
    for (let i = 0; i < all.length; i += LECTURES_MAX) void send(all.slice(i, i + LECTURES_MAX))
  }
  function schedule() {
    if (scheduled || holds > 0 || waiting.length === 0) return
    scheduled = true
    setTimeout(flush, 0)
  }

  /** The answer to this read, sent with the others asked in the same task (or while held). */
  function groupedRead(url: string, alone: () => Promise<Response>, signal?: AbortSignal): Promise<Response> {
    return new Promise<Response>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason)
      const w: Waiting = { url, alone, resolve, reject, held: holds > 0 }
      signal?.addEventListener(
        'abort',
        () => {
          w.cancelled = true
          reject(signal.reason)
        },
        { once: true },
      )
      waiting.push(w)
      if (waiting.length >= LECTURES_MAX) flush()
      else schedule()
    })
  }

  /** Until the returned release, the reads asked wait to go together (a caller that asks them over
   * several tasks, so that asking a hundred never makes one long task). */
  function hold(): () => void {
    holds++
    let released = false
    return () => {
      if (released) return
      released = true
      holds--
      schedule()
    }
  }

  return { groupedRead, hold }
}
