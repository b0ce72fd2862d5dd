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
import * as v from 'valibot'
import { LECTURES_MAX, Reponses } from '../contract/lectures'
import { nextTask } from './next-task'

interface Waiting {
  url: string
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

/** `post` sends the group (the client's own sending: credentials, timeout, connection state). */
export function readGrouper(post: (chemins: string[]) => Promise<Response>) {
  let waiting: Waiting[] = []
  let scheduled = false

  async function send(group: Waiting[]) {
    const alone = (w: Waiting) => w.resolve(w.alone())
    if (group.length === 1) return alone(group[0]!)
    let reponses: Reponses['reponses'] | null = null
    let noAnswer: { error: unknown } | null = null
    try {
      const res = await post(group.map((w) => w.url))
      const body = res.ok ? v.safeParse(Reponses, await res.json()) : null
      if (body?.success && body.output.reponses.length === group.length) reponses = body.output.reponses
    } catch (error) {
      noAnswer = { error }
    }
    if (!reponses) return group.forEach((w) => (noAnswer && w.held ? w.reject(noAnswer.error) : alone(w)))
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
      signal?.addEventListener('abort', () => reject(signal.reason), { once: true })
      waiting.push({ url, alone, resolve, reject, held: holds > 0 })
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
