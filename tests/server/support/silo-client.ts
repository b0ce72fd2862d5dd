// What a browser does against a running Silo, for the multi-instance tests: send an
// order with its Idempotency-Key, and send it again until an answer comes, as the app's outbox
// does (network error, 502 from the proxy, 503, or 409 "still in progress" → try again).
// (Starting Silo, signing in and the order itself: tests/support/silo.ts and orders.ts.)
import { FARMER } from '../../support/orders'

export interface Answer {
  status: number
  body: { numero?: string; code?: string; message?: string }
  replayed: boolean
  retryAfter: string | null
}

/** One try; rejects on a network error (refused, reset, no answer within 30 s). */
export async function postOrder(base: string, cookie: string, body: unknown, key: string): Promise<Answer> {
  const res = await fetch(`${base}/web/v1/tiers/${FARMER}/commandes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, cookie, 'Idempotency-Key': key },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  })
  const text = await res.text()
  let parsed: Answer['body'] = {}
  try {
    parsed = JSON.parse(text) as Answer['body']
  } catch {
    parsed = { message: text }
  }
  return {
    status: res.status,
    body: parsed,
    replayed: res.headers.get('idempotent-replayed') === 'true',
    retryAfter: res.headers.get('retry-after'),
  }
}

const retryable = (a: Answer) =>
  a.status === 502 || a.status === 503 || (a.status === 409 && a.body.code === 'IDEMPOTENCE_EN_COURS')

/**
 * Sends until the order is acknowledged (201, first answer or replay) and gives its number; every
 * answer's status goes to `statuses` (network errors as 0). Refuses anything else at once.
 */
export async function sendUntilAccepted(
  base: string,
  cookie: string,
  body: unknown,
  key: string,
  statuses: number[] = [],
): Promise<string> {
  for (let attempt = 0; attempt < 300; attempt++) {
    const answer = await postOrder(base, cookie, body, key).catch(() => null)
    statuses.push(answer?.status ?? 0)
    if (answer?.status === 201 && answer.body.numero) return answer.body.numero
    if (answer && !retryable(answer)) throw new Error(`order refused: ${answer.status} ${JSON.stringify(answer.body)}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`order ${key} not acknowledged after 300 tries`)
}
